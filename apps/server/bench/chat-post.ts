import { Agent, request } from 'node:http';
import { SOCIAL_CONFIG } from '@aleph/rules';
import type { PostedLine } from './chat-figures.js';

const SIZE = SOCIAL_CONFIG.alliances.maxMembers;

/** Posts one line; resolves with the status and the line's id (from the 201's body). */
function post(agent: Agent, url: URL, allianceId: number, cookie: string, text: string) {
  const body = JSON.stringify({ text });
  return new Promise<{ status: number; id?: number }>((resolve) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path: `/athar/alliances/${allianceId}/chat`,
        agent,
        headers: {
          cookie,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          resolve(
            status === 201 ? { status, id: (JSON.parse(text) as { id: number }).id } : { status },
          );
        });
      },
    );
    req.on('error', () => resolve({ status: 0 }));
    req.end(body);
  });
}

/**
 * A line of about 100 characters, a chat line's usual length: each member's event carries it,
 * so its length decides how many notifications (at most 8,000 bytes each) a line takes.
 */
const lineText = (k: number) =>
  `Bench line ${k}: meet at the eastern lands at dawn, bring two heroes each and the spare gold.`;

/**
 * The chat's offered load, an open loop: line k is due at k / rate seconds whatever the answers
 * do, posted by alliance k mod count's member (k div count) mod SIZE, so each member posts once
 * in SIZE * count / rate seconds (far under the per-minute limit), to the poster's own server
 * process. Answers the accepted lines by id, each POST's time and the refusals by status.
 */
export async function postLines(
  urls: readonly string[],
  alliances: ReadonlyArray<{ id: number; members: number[] }>,
  memberOf: (profileId: number) => { cookie: string; server: number },
  rate: number,
  seconds: number,
) {
  const count = alliances.length;
  const agents = urls.map(() => new Agent({ keepAlive: true, maxSockets: 64 }));
  const targets = urls.map((u) => new URL(u));
  const lines = new Map<number, PostedLine>();
  const postMs: number[] = [];
  const postErrors: Record<string, number> = {};
  const pending: Array<Promise<void>> = [];
  const total = Math.round(rate * seconds);
  const start = Date.now();
  let sent = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor(((Date.now() - start) / 1000) * rate) + 1);
      for (; sent < due; sent++) {
        const k = sent;
        const alliance = k % count;
        const poster = memberOf(alliances[alliance]!.members[Math.floor(k / count) % SIZE]!);
        const dueAt = start + (k * 1000) / rate;
        const sentAt = Date.now();
        const { id } = alliances[alliance]!;
        pending.push(
          post(
            agents[poster.server]!,
            targets[poster.server]!,
            id,
            poster.cookie,
            lineText(k),
          ).then((r) => {
            postMs.push(Date.now() - sentAt);
            if (r.id !== undefined) lines.set(r.id, { alliance, sentAt, dueAt });
            else postErrors[r.status] = (postErrors[r.status] ?? 0) + 1;
          }),
        );
      }
      if (sent >= total) resolve();
      else setTimeout(tick, 2);
    };
    tick();
  });
  await Promise.all(pending);
  for (const a of agents) a.destroy();
  return { lines, postMs, postErrors, total, start };
}
