import type { Tx } from '../db/client.js';
import type { AnnouncementInput } from '../modules/messages/announce.js';
import { writeMessages } from '../core/inbox.js';

const HOUR = 3_600_000;

/** Two operator announcements (plain text, as the CLI sends them), oldest first. */
export const DEMO_ANNOUNCEMENTS: readonly (AnnouncementInput & { hoursAgo: number })[] = [
  {
    hoursAgo: 26,
    subject: 'The bridge to Beth is open',
    body: [
      'Lands on the continent of Beth can now be settled.',
      'Heroes travelling between Aleph and Beth count the sea as 60 grid units, so plan your gold claims with a hero who lives nearby.',
    ].join('\n\n'),
  },
  {
    hoursAgo: 3,
    subject: 'Weekly boards: a new week has begun',
    body: [
      'Top Experience Gainers and Top Gold Claimers start again every Monday at 00:00 UTC.',
      'Every mission counts towards the first; every Claim Gold towards the second. Good luck!',
    ].join('\n\n'),
  },
];

export interface DemoLandNames {
  homestead: string;
  forest: string;
  river: string;
}

/**
 * Reports of missions the demo player "ran" before today, in the inbox's HTML; what they
 * describe is what the demo world grants, so the inbox and the lands tell one story.
 * Some are read, some not, so the unread counter has something to show.
 */
export async function writeDemoReports(tx: Tx, profileId: number, names: DemoLandNames, now: Date) {
  const ago = (hours: number) => new Date(now.getTime() - hours * HOUR);
  const reports = [
    {
      hoursAgo: 40,
      read: true,
      subject: `Daily Reward collected on ${names.homestead}`,
      body: '<p>Your hero brought back the daily reward.</p><ul><li>Gold: <b>50</b></li><li>Item: <b>Tower Stone</b></li><li>XP gained: <b>500</b></li></ul>',
    },
    {
      hoursAgo: 20,
      read: true,
      subject: `Earth elementals found on ${names.forest}`,
      body: '<p>The search was fruitful.</p><ul><li>Earth elementals: <b>45</b></li><li>XP gained: <b>150</b></li></ul>',
    },
    {
      hoursAgo: 5,
      read: false,
      subject: `Gold claimed on ${names.river}`,
      body: "<p>Your hero carried the land's gold to the treasury.</p><ul><li>Gold moved: <b>215</b></li><li>XP gained: <b>2150</b></li></ul>",
    },
    {
      hoursAgo: 1,
      read: false,
      subject: 'Your profile can reach level 1',
      body: '<p>You have enough XP to unlock <b>profile level 1</b>. Open the profile level indicator (it shows a <b>+</b>) and press <b>Unlock</b>.</p>',
    },
  ];
  await writeMessages(
    tx,
    reports.map((r) => ({
      profileId,
      subject: r.subject,
      body: r.body,
      kind: r.subject.startsWith('Your profile') ? 'system' : 'mission',
      at: ago(r.hoursAgo),
      readAt: r.read ? ago(r.hoursAgo - 0.5) : null,
    })),
  );
}

export const announcementTime = (now: Date, hoursAgo: number) =>
  new Date(now.getTime() - hoursAgo * HOUR);
