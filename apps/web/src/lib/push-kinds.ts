import type { PushKind } from '@aleph/contracts';

/**
 * The web push kinds in plain words, in the order PUSH_KINDS lists them: the account page's
 * switches and the console's list of what a player turned on.
 */
export const PUSH_KIND_LABELS: Record<PushKind, string> = {
  'mission.finished': 'Mission finished',
  'profile.levelup': 'Level-up available',
  'arena.attacked': 'Attacked in the Arena',
  'message.new': 'Message received',
  'alliance.mention': 'Mentioned in alliance chat',
  'bazaar.outbid': 'Outbid on the Bazaar',
  'bazaar.sold': 'Sold on the Bazaar',
  'bazaar.bought': 'Bought on the Bazaar',
};
