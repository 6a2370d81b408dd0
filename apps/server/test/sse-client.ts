/** One block of a Server-Sent Events stream, as an EventSource reads it. */
export interface SseBlock {
  id?: string;
  event?: string;
  data?: string;
  retry?: string;
  /** Comment lines (`: hb`). */
  comments: string[];
}

export interface SseStream {
  status: number;
  headers: Headers;
  /** Every block read so far, in order. */
  blocks: SseBlock[];
  /** Blocks with an event name, their data parsed. */
  events(): Array<{ id: number | undefined; event: string; data: unknown }>;
  /** Waits until `test` holds for the blocks read (or the stream ends, or the timeout passes). */
  until(test: (blocks: SseBlock[]) => boolean, timeoutMs?: number): Promise<SseBlock[]>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

function parseBlock(text: string): SseBlock {
  const block: SseBlock = { comments: [] };
  for (const line of text.split('\n')) {
    if (line.startsWith(':')) {
      block.comments.push(line.slice(1).trim());
      continue;
    }
    const colon = line.indexOf(':');
    const name = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (name === 'id' || name === 'event' || name === 'retry') block[name] = value;
    if (name === 'data') block.data = block.data === undefined ? value : `${block.data}\n${value}`;
  }
  return block;
}

/**
 * Opens `GET url` with `fetch` and reads its body as a stream, splitting Server-Sent Events
 * blocks as they arrive: what a browser's EventSource sees, without one.
 */
export async function openSse(
  url: string,
  headers: Record<string, string> = {},
): Promise<SseStream> {
  const abort = new AbortController();
  const res = await fetch(url, { headers, signal: abort.signal });
  const blocks: SseBlock[] = [];
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const w of [...waiters]) w();
  };
  let done = false;
  const ended = (async () => {
    if (!res.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          blocks.push(parseBlock(buffer.slice(0, end)));
          buffer = buffer.slice(end + 2);
        }
        wake();
      }
    } catch {
      // aborted by close()
    } finally {
      done = true;
      wake();
    }
  })();
  const stream: SseStream = {
    status: res.status,
    headers: res.headers,
    blocks,
    events: () =>
      blocks
        .filter((b) => b.event !== undefined)
        .map((b) => ({
          id: b.id === undefined ? undefined : Number(b.id),
          event: b.event!,
          data: b.data === undefined ? undefined : JSON.parse(b.data),
        })),
    until(test, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (test(blocks)) {
            cleanup();
            resolve(blocks);
          } else if (done) {
            cleanup();
            reject(new Error(`the stream ended first; read: ${JSON.stringify(blocks)}`));
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`timed out; read: ${JSON.stringify(blocks)}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    ended,
    close: () => abort.abort(),
  };
  return stream;
}

/** Fetch's JSON answer (for the refusals the stream answers before it starts). */
export async function fetchJson(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { headers });
  return {
    status: res.status,
    headers: res.headers,
    body: (await res.json()) as Record<string, unknown>,
  };
}
