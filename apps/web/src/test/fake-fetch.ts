import { vi } from 'vitest';

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
}

type Answer = { status?: number; body?: unknown; headers?: Record<string, string> };
type Reply = Answer | Promise<Answer>;
type Handler = (call: RecordedCall) => Reply | Promise<Reply>;

export const json = (body: unknown, status = 200) => ({ status, body });

/**
 * Replaces global fetch with a router keyed by 'METHOD /path' (path without the query).
 * Unknown routes answer 404. Returns the recorded calls.
 */
export function fakeFetch(routes: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.text();
    const call = {
      method: request.method,
      path: url.pathname + url.search,
      body: text ? (JSON.parse(text) as unknown) : undefined,
    };
    calls.push(call);
    const handler = routes[`${request.method} ${url.pathname}`];
    const reply = handler ? await handler(call) : { status: 404, body: { message: 'Not found' } };
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json', ...reply.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
