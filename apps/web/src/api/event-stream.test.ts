import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeDocument, fakePushBrowser, settle, type FakeDocument } from '../test/fake-push';
import {
  RECONNECT_BASE_MS,
  RECONNECT_MAX_MS,
  startEventStream,
  type EventStream,
  type RefreshResult,
} from './event-stream';

type Browser = ReturnType<typeof fakePushBrowser>;

const started: EventStream[] = [];
afterEach(() => {
  started.splice(0).forEach((stream) => stream.stop());
  vi.useRealTimers();
});

/** One tab's client in `browser`; `shared: false` is a browser without Web Locks. */
function tab(
  browser: Browser,
  options: {
    document?: FakeDocument;
    shared?: boolean;
    refresh?: (sentAt: number) => Promise<RefreshResult>;
    firstEventId?: () => Promise<string | null>;
  } = {},
) {
  const onEvent = vi.fn();
  const onStatus = vi.fn();
  const refresh = vi.fn(options.refresh ?? (async () => 'refreshed' as const));
  const shared = options.shared ?? true;
  const stream = startEventStream({
    url: '/events',
    onEvent,
    onStatus,
    refresh,
    firstEventId: options.firstEventId,
    env: {
      EventSource: browser.EventSource,
      BroadcastChannel: shared ? browser.BroadcastChannel : undefined,
      locks: shared ? browser.locks : undefined,
      document: options.document ?? fakeDocument(),
      storage: localStorage,
    },
  });
  started.push(stream);
  const events = () => onEvent.mock.calls.map(([event]) => event as unknown);
  return { stream, onEvent, onStatus, refresh, events };
}

const statuses = (onStatus: ReturnType<typeof vi.fn>) => onStatus.mock.calls.map(([c]) => c);

describe('push stream client', () => {
  it('opens one stream per browser; the other tabs hear its events and state', async () => {
    const browser = fakePushBrowser();
    const a = tab(browser);
    const b = tab(browser);
    await settle();
    expect(browser.sources).toHaveLength(1);
    expect(browser.sources[0]!.url).toBe('/events');
    expect(a.stream.isLeader()).toBe(true);
    expect(b.stream.isLeader()).toBe(false);

    browser.latest()!.open();
    await settle();
    expect(statuses(a.onStatus)).toEqual([true]);
    expect(statuses(b.onStatus)).toEqual([true]);

    browser.latest()!.emit('inbox.new', { unread: 4 }, '17');
    await settle();
    const event = { type: 'inbox.new', data: { unread: 4 }, id: '17' };
    expect(a.events()).toEqual([event]);
    expect(b.events()).toEqual([event]);
  });

  it('tells a tab that starts later whether the stream is open', async () => {
    const browser = fakePushBrowser();
    tab(browser);
    await settle();
    browser.latest()!.open();
    const late = tab(browser);
    await settle();
    expect(statuses(late.onStatus)).toEqual([true]);
    expect(browser.sources).toHaveLength(1);
  });

  it('hands the stream to another tab when its tab closes, which reads everything again', async () => {
    const browser = fakePushBrowser();
    const a = tab(browser);
    const b = tab(browser);
    await settle();
    browser.latest()!.open();
    await settle();

    a.stream.stop();
    await settle();
    expect(browser.sources[0]!.closed).toBe(true);
    expect(b.stream.isLeader()).toBe(true);
    expect(browser.sources).toHaveLength(2);
    expect(statuses(b.onStatus)).toEqual([true, false]);

    browser.latest()!.open();
    await settle();
    expect(statuses(b.onStatus)).toEqual([true, false, true]);
    // No event id was seen, so the new stream cannot ask for a replay: a full refresh instead.
    expect(b.events()).toEqual([{ type: 'resync', data: { complete: false }, id: '' }]);
  });

  it('asks the server to replay after the last event the closing tab passed on', async () => {
    const browser = fakePushBrowser();
    const a = tab(browser);
    const b = tab(browser);
    await settle();
    browser.latest()!.open();
    browser.latest()!.emit('inbox.new', { unread: 1 }, '17');
    await settle();

    a.stream.stop();
    await settle();
    expect(browser.latest()!.url).toBe('/events?lastEventId=17');
    browser.latest()!.open();
    browser.latest()!.emit('resync', { complete: true }, '17');
    await settle();
    // The server's own resync, no full refresh of the client's making.
    expect(b.events()).toEqual([
      { type: 'inbox.new', data: { unread: 1 }, id: '17' },
      { type: 'resync', data: { complete: true }, id: '17' },
    ]);
  });

  it("opens the page's first stream after the page's first reads: the events since then are replayed", async () => {
    const browser = fakePushBrowser();
    let answer: (id: string | null) => void = () => undefined;
    const firstEventId = vi.fn(() => new Promise<string | null>((resolve) => (answer = resolve)));
    const a = tab(browser, { firstEventId });
    await settle();
    // No stream before the first read has answered.
    expect(browser.sources).toHaveLength(0);
    answer('41');
    await settle();
    expect(browser.latest()!.url).toBe('/events?lastEventId=41');
    browser.latest()!.open();
    browser.latest()!.emit('inbox.new', { unread: 3 }, '42');
    browser.latest()!.emit('resync', { complete: true }, '42');
    await settle();
    // What came between the reads and the stream, and no full refresh.
    expect(a.events()).toEqual([
      { type: 'inbox.new', data: { unread: 3 }, id: '42' },
      { type: 'resync', data: { complete: true }, id: '42' },
    ]);
    // A stream opened later resumes from the events it saw; the page is not asked again.
    browser.latest()!.fail('closed');
    await settle();
    await vi.waitFor(() => expect(browser.sources).toHaveLength(2), { timeout: 3_000 });
    expect(browser.latest()!.url).toBe('/events?lastEventId=42');
    expect(firstEventId).toHaveBeenCalledTimes(1);
  });

  it('opens the first stream as before when the page has no event id to give', async () => {
    const browser = fakePushBrowser();
    const a = tab(browser, { firstEventId: async () => null });
    await settle();
    expect(browser.latest()!.url).toBe('/events');
    browser.latest()!.open();
    await settle();
    expect(statuses(a.onStatus)).toEqual([true]);
    expect(a.events()).toEqual([]);
  });

  it('marks the stream down while the browser reconnects by itself, and up again', async () => {
    const browser = fakePushBrowser();
    const a = tab(browser);
    await settle();
    browser.latest()!.open();
    browser.latest()!.fail('retrying');
    expect(statuses(a.onStatus)).toEqual([true, false]);
    browser.latest()!.open();
    expect(statuses(a.onStatus)).toEqual([true, false, true]);
    // Same EventSource (it sends Last-Event-ID; the server replays), no refresh, no resync.
    expect(browser.sources).toHaveLength(1);
    expect(a.refresh).not.toHaveBeenCalled();
    expect(a.events()).toEqual([]);
  });

  it('refreshes the session after the browser closed the stream, then reopens with growing waits', async () => {
    vi.useFakeTimers();
    const browser = fakePushBrowser();
    const a = tab(browser);
    await settle();
    const first = browser.latest()!;
    first.open();
    first.fail('closed'); // e.g. 401: the access cookie expired
    expect(statuses(a.onStatus)).toEqual([true, false]);
    await settle();
    expect(a.refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(RECONNECT_BASE_MS - 1);
    expect(browser.sources).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(browser.sources).toHaveLength(2);

    browser.latest()!.fail('closed');
    await settle();
    expect(a.refresh).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2 * RECONNECT_BASE_MS - 1);
    expect(browser.sources).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(browser.sources).toHaveLength(3);

    expect(browser.latest()!.url).toBe('/events'); // no event seen: nothing to resume from
    browser.latest()!.open();
    expect(statuses(a.onStatus)).toEqual([true, false, true]);
    expect(a.events()).toEqual([{ type: 'resync', data: { complete: false }, id: '' }]);

    browser.latest()!.emit('hero.changed', { heroIds: [2] }, '30');
    browser.latest()!.fail('closed');
    await settle();
    await vi.advanceTimersByTimeAsync(RECONNECT_BASE_MS);
    expect(browser.latest()!.url).toBe('/events?lastEventId=30');
  });

  it('stops reconnecting when the refresh is refused (the app signs out)', async () => {
    vi.useFakeTimers();
    const browser = fakePushBrowser();
    const a = tab(browser, { refresh: async () => 'failed' });
    await settle();
    browser.latest()!.fail('closed');
    await settle();
    expect(a.refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(browser.sources).toHaveLength(1);
  });

  it('opens a stream in every tab when the browser has no Web Locks', async () => {
    const browser = fakePushBrowser();
    const a = tab(browser, { shared: false });
    const b = tab(browser, { shared: false });
    await settle();
    expect(browser.sources).toHaveLength(2);
    expect(a.stream.isLeader() && b.stream.isLeader()).toBe(true);
  });

  it('lets only the stream tab notify, and only when no tab shows the page', async () => {
    const browser = fakePushBrowser();
    const hiddenPage = fakeDocument(false);
    const otherPage = fakeDocument(true);
    const a = tab(browser, { document: hiddenPage });
    const b = tab(browser, { document: otherPage });
    await settle();
    const source = browser.latest()!;
    source.open();
    const finished = {
      missionId: 1,
      missionType: 'GOLDCLAIM',
      heroId: 2,
      heroName: 'Zara',
      landId: 3,
      outcome: '+120 gold',
      reportId: 9,
    };
    source.emit('mission.finished', finished, '5');
    await settle();
    expect(a.onEvent.mock.calls.at(-1)?.[1]).toEqual({ notify: false }); // b is visible

    otherPage.setVisible(false);
    await settle();
    source.emit('mission.finished', { ...finished, missionId: 2 }, '6');
    await settle();
    expect(a.onEvent.mock.calls.at(-1)?.[1]).toEqual({ notify: true });
    expect(b.onEvent.mock.calls.map(([, info]) => info)).toEqual([
      { notify: false },
      { notify: false },
    ]);
  });

  it('does not reopen a stream the server replaced: every tab polls, a tab taking over too', async () => {
    vi.useFakeTimers();
    const browser = fakePushBrowser();
    const a = tab(browser);
    const b = tab(browser);
    await settle();
    const source = browser.latest()!;
    source.open();
    await settle();

    // Another browser of the player opened a stream past the limit; this one was the oldest.
    source.replace({ per: 'player', limit: 5 });
    await settle();
    expect(source.closed).toBe(true);
    expect(statuses(a.onStatus)).toEqual([true, false]);
    expect(statuses(b.onStatus)).toEqual([true, false]);
    // Reopening would replace the newer stream in turn, and so on for ever.
    await vi.advanceTimersByTimeAsync(10 * RECONNECT_MAX_MS);
    expect(browser.sources).toHaveLength(1);
    expect(a.refresh).not.toHaveBeenCalled();
    expect(a.events()).toEqual([]);

    // A tab opened since, and the tabs the stream would pass to, open none either.
    const c = tab(browser);
    await settle();
    expect(statuses(c.onStatus)).toEqual([]);
    a.stream.stop();
    await settle();
    expect(b.stream.isLeader()).toBe(true);
    b.stream.stop();
    await settle();
    expect(c.stream.isLeader()).toBe(true);
    await vi.advanceTimersByTimeAsync(10 * RECONNECT_MAX_MS);
    expect(browser.sources).toHaveLength(1);
    expect(statuses(c.onStatus)).toEqual([]);
  });

  it('without Web Locks stops only the tab whose stream was replaced', async () => {
    vi.useFakeTimers();
    const browser = fakePushBrowser();
    const a = tab(browser, { shared: false });
    const b = tab(browser, { shared: false });
    await settle();
    const [first, second] = browser.sources;
    first!.open();
    second!.open();
    first!.replace({ per: 'session', limit: 3 });
    await vi.advanceTimersByTimeAsync(10 * RECONNECT_MAX_MS);
    expect(browser.sources).toHaveLength(2);
    expect(first!.closed).toBe(true);
    expect(second!.closed).toBe(false);
    expect(statuses(a.onStatus)).toEqual([true, false]);
    expect(statuses(b.onStatus)).toEqual([true]);
  });

  it('closes its stream and reports it down when stopped', async () => {
    const browser = fakePushBrowser();
    const a = tab(browser);
    await settle();
    browser.latest()!.open();
    a.stream.stop();
    expect(browser.latest()!.closed).toBe(true);
    expect(statuses(a.onStatus)).toEqual([true, false]);
  });
});
