import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChatClientCommand, ChatClientReply, ChatClientResults } from './chat-client.js';
import { percentileOf } from './open-loop.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/** A chat client process (chat-client.ts) and its IPC replies, in order per kind. */
export class ChatClient {
  private readonly child: ChildProcess;
  private readonly waiting = new Map<string, Array<(r: ChatClientReply) => void>>();
  private readonly exited: Promise<void>;

  constructor() {
    this.child = spawn(
      process.execPath,
      ['--import', 'tsx', '--conditions=source', path.join(here, 'chat-client.ts')],
      { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
    );
    this.exited = new Promise((resolve) => this.child.once('exit', () => resolve()));
    this.child.on('message', (m: ChatClientReply) => {
      if (m.type === 'error') console.error(`[chat] client: ${m.message}`);
      else this.waiting.get(m.type)?.shift()?.(m);
    });
  }

  ask<T extends ChatClientReply['type']>(
    cmd: ChatClientCommand,
    answer: T,
  ): Promise<Extract<ChatClientReply, { type: T }>> {
    return new Promise((resolve) => {
      const list = this.waiting.get(answer) ?? [];
      list.push(resolve as (r: ChatClientReply) => void);
      this.waiting.set(answer, list);
      this.child.send(cmd);
    });
  }

  async close() {
    if (this.child.connected) this.child.send({ type: 'close' } satisfies ChatClientCommand);
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
    await this.exited;
    clearTimeout(timer);
  }
}

export interface Percentiles {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function percentiles(values: number[]): Percentiles {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: Math.round(percentileOf(sorted, 50)),
    p95: Math.round(percentileOf(sorted, 95)),
    p99: Math.round(percentileOf(sorted, 99)),
    max: Math.round(sorted.at(-1) ?? 0),
  };
}

/** A line the bench posted and the server accepted. */
export interface PostedLine {
  /** The alliance's index among the bench's alliances. */
  alliance: number;
  /** When its POST was sent and when it was due (ms since the epoch). */
  sentAt: number;
  dueAt: number;
}

export interface ChatDelivery {
  /** Accepted lines times their alliance's members: what every member's stream should get. */
  expected: number;
  /** Of those, received exactly once. */
  once: number;
  lost: number;
  duplicates: number;
  /** Frames of a line on the stream of a player outside its alliance. */
  wrongStream: number;
  /** Each member's receipt minus its line's POST start (lines due after the warm-up). */
  latency: Percentiles;
  /** Per line: its last member's receipt minus the POST start (every member reached). */
  toLast: Percentiles;
}

/**
 * Checks every accepted line against what the streams received: each member of the line's
 * alliance once, no one else; the latencies of the lines due from `latencyFrom` on.
 */
export function chatDelivery(
  lines: ReadonlyMap<number, PostedLine>,
  memberOf: ReadonlyMap<number, number>,
  allianceSize: number,
  results: readonly ChatClientResults[],
  latencyFrom: number,
): ChatDelivery {
  const seen = new Map<string, number>();
  const last = new Map<number, number>();
  const latency: number[] = [];
  let wrongStream = 0;
  for (const r of results) {
    const f = r.lines;
    for (let i = 0; i < f.length; i += 3) {
      const [member, lineId, at] = [f[i]!, f[i + 1]!, f[i + 2]!];
      const line = lines.get(lineId);
      if (!line) continue;
      if (memberOf.get(member) !== line.alliance) {
        wrongStream++;
        continue;
      }
      const key = `${lineId}:${member}`;
      const n = (seen.get(key) ?? 0) + 1;
      seen.set(key, n);
      if (n > 1 || line.dueAt < latencyFrom) continue;
      latency.push(at - line.sentAt);
      last.set(lineId, Math.max(last.get(lineId) ?? 0, at - line.sentAt));
    }
  }
  const expected = lines.size * allianceSize;
  let once = 0;
  let duplicates = 0;
  for (const n of seen.values()) {
    if (n === 1) once++;
    else duplicates += n - 1;
  }
  return {
    expected,
    once,
    lost: expected - seen.size,
    duplicates,
    wrongStream,
    latency: percentiles(latency),
    toLast: percentiles([...last.values()]),
  };
}
