import {
  PLAYER_EVENT_TYPES,
  STREAM_REPLACED_EVENT,
  type PlayerEventMap,
  type PlayerEventType,
} from '@aleph/contracts';

/**
 * The browser's one push stream (docs/architecture.md, Web: the stream client).
 *
 * The tab that holds the Web Lock `aleph-events` opens the EventSource and passes every event
 * and its connection state to the other tabs over a BroadcastChannel of the same name; when that
 * tab closes, its lock is released and a waiting tab takes over. Without Web Locks or
 * BroadcastChannel every tab opens its own stream.
 *
 * A stream the browser closed (an HTTP error such as 401: EventSource does not retry those)
 * runs the session refresh first and then opens again with growing waits. A dropped stream that
 * the browser reopens itself sends Last-Event-ID; a stream opened anew after an earlier one (a
 * closed stream, a tab taking over) sends the last event id it saw as `?lastEventId=`. Either
 * way the server replays what was missed and ends with a `resync`. A new stream that saw no
 * event id cannot ask, so it delivers a `resync` with `complete: false` once open: everything is
 * read again. The page's first stream asks for the events after the page's first reads
 * (`firstEventId`), so that one committed while the page loaded is not missed.
 *
 * A stream the server replaced by a newer one of the player's (`stream.replaced`: past the
 * streams it serves a player or a session at once, docs/api.md "Push") is closed and not opened
 * again, in this tab or any tab of the browser that would take it over: reopening it would
 * replace the newer one in turn, and the two would push each other out for ever. The browser's
 * tabs then poll, as whenever the stream is down, until the page is loaded again.
 */

export const EVENTS_LOCK_NAME = 'aleph-events';
export const EVENTS_CHANNEL_NAME = 'aleph-events';
/** The last event id a tab without a channel raised a browser notification for. */
export const NOTIFIED_KEY = 'aleph.events.notified';
/** Waits before reopening a closed stream: 1 s, doubling up to 30 s. */
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

export type PushEvent = {
  [K in PlayerEventType]: { type: K; data: PlayerEventMap[K]; id: string };
}[PlayerEventType];

export interface DeliveryInfo {
  /**
   * This tab should raise the browser notification for the event: it is the stream's tab, its
   * page is hidden and no other tab reported a visible page (one notification across tabs).
   */
  notify: boolean;
}

/** The outcome of the session refresh (as `refresh-coordinator`). */
export type RefreshResult = 'refreshed' | 'failed' | 'unreachable';

type ChannelMessage =
  | { kind: 'event'; event: PushEvent }
  | { kind: 'status'; connected: boolean }
  /** A tab asks the stream's tab for the connection state. */
  | { kind: 'ask' }
  /** The server replaced the browser's stream by a newer one: no tab opens another. */
  | { kind: 'replaced' }
  /** A new stream tab asks every tab for its visibility. */
  | { kind: 'hello' }
  | { kind: 'visibility'; tab: string; visible: boolean }
  | { kind: 'bye'; tab: string };

type EventSourceClass = new (url: string) => EventSource;
type ChannelClass = new (name: string) => BroadcastChannel;

export interface StreamEnvironment {
  EventSource?: EventSourceClass;
  BroadcastChannel?: ChannelClass;
  locks?: Pick<LockManager, 'request'>;
  document: {
    readonly visibilityState: DocumentVisibilityState;
    addEventListener(type: 'visibilitychange', listener: () => void): void;
    removeEventListener(type: 'visibilitychange', listener: () => void): void;
  };
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
}

export interface EventStreamOptions {
  url: string;
  /** Every event, in every tab. */
  onEvent(event: PushEvent, info: DeliveryInfo): void;
  /** The stream is open (true) or down (false), in every tab. */
  onStatus(connected: boolean): void;
  /** The session refresh for a stream sent at `sentAt` (ms) that the browser closed. */
  refresh(sentAt: number): Promise<RefreshResult>;
  /**
   * Asked once, before the first stream this tab opens with no event seen: the event id the
   * page's first reads were current to (event-seq.ts), or null. Given one, that stream asks for
   * the events after it.
   */
  firstEventId?(): Promise<string | null>;
  /** Defaults to the browser's own. */
  env?: Partial<StreamEnvironment>;
}

export interface EventStream {
  stop(): void;
  /** Whether this tab holds the stream (for tests and diagnostics). */
  isLeader(): boolean;
}

function browserEnvironment(): StreamEnvironment {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  return {
    EventSource: typeof EventSource === 'undefined' ? undefined : EventSource,
    BroadcastChannel: typeof BroadcastChannel === 'undefined' ? undefined : BroadcastChannel,
    locks: nav && 'locks' in nav && nav.locks ? nav.locks : undefined,
    document,
    storage: typeof localStorage === 'undefined' ? undefined : localStorage,
  };
}

/** EventSource.CLOSED */
const CLOSED = 2;

const newTabId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

function parseData(raw: unknown): unknown {
  if (typeof raw !== 'string') return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

/** Starts the stream client of this tab; `stop` ends it (sign-out, unmount). */
export function startEventStream(options: EventStreamOptions): EventStream {
  const env: StreamEnvironment = { ...browserEnvironment(), ...options.env };
  const tab = newTabId();
  const shared = Boolean(env.locks && env.BroadcastChannel);
  const channel =
    shared && env.BroadcastChannel ? new env.BroadcastChannel(EVENTS_CHANNEL_NAME) : null;
  const abort = new AbortController();
  /** Other tabs' page visibility, as they last reported it (kept by the stream's tab). */
  const othersVisible = new Map<string, boolean>();

  let stopped = false;
  let leader = false;
  let connected = false;
  /** A stream was open before (here or in the previous stream tab): a new one may have missed events. */
  let hadStream = false;
  /** The server replaced this browser's stream (`stream.replaced`): none is opened again. */
  let replaced = false;
  /** The id of the last event seen, in this tab or through the channel. */
  let lastEventId = '';
  /** `firstEventId` was asked (once per client). */
  let askedFirst = false;
  /** `lastEventId` is the page's first reads' (a first stream may resume from it). */
  let fromPage = false;
  let source: EventSource | null = null;
  let attempts = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let releaseLock: (() => void) | undefined;

  const post = (message: ChannelMessage) => {
    if (!channel || stopped) return;
    try {
      channel.postMessage(message);
    } catch (error) {
      console.warn('Push channel message not sent', error);
    }
  };
  const visible = () => env.document.visibilityState === 'visible';

  const setStatus = (next: boolean) => {
    if (next) hadStream = true;
    if (leader) post({ kind: 'status', connected: next });
    if (next === connected) return;
    connected = next;
    options.onStatus(next);
  };

  /** Claims the browser notification for an event in a tab without a channel (best effort). */
  const claimNotification = (id: string): boolean => {
    if (!env.storage || id === '') return true;
    try {
      if (env.storage.getItem(NOTIFIED_KEY) === id) return false;
      env.storage.setItem(NOTIFIED_KEY, id);
    } catch {
      // Storage unavailable: this tab decides alone.
    }
    return true;
  };

  const shouldNotify = (event: PushEvent) => {
    if (visible()) return false;
    if (!channel) return claimNotification(event.id);
    return ![...othersVisible.values()].some(Boolean);
  };

  const seen = (event: PushEvent) => {
    if (event.id !== '') lastEventId = event.id;
  };

  const deliver = (event: PushEvent) => {
    if (stopped) return;
    seen(event);
    post({ kind: 'event', event });
    options.onEvent(event, { notify: shouldNotify(event) });
  };

  const listen = (current: EventSource, type: PlayerEventType) => {
    current.addEventListener(type, (message: Event) => {
      if (current !== source) return;
      const { data, lastEventId } = message as MessageEvent<unknown>;
      const parsed = parseData(data);
      if (parsed === undefined) return;
      deliver({ type, data: parsed, id: lastEventId } as PushEvent);
    });
  };

  const connect = () => {
    retry = undefined;
    if (stopped || !leader || replaced || !env.EventSource) return;
    if (!hadStream && !askedFirst && lastEventId === '' && options.firstEventId) {
      askedFirst = true;
      const reopen = (id: string | null) => {
        if (id !== null && lastEventId === '') {
          lastEventId = id;
          fromPage = true;
        }
        connect();
      };
      options.firstEventId().then(reopen, () => reopen(null));
      return;
    }
    const sentAt = Date.now();
    const resume = (hadStream || fromPage) && lastEventId !== '';
    const missedSome = hadStream && !resume;
    const url = resume
      ? `${options.url}${options.url.includes('?') ? '&' : '?'}lastEventId=${encodeURIComponent(lastEventId)}`
      : options.url;
    const current = new env.EventSource(url);
    source = current;
    current.onopen = () => {
      if (current !== source) return;
      attempts = 0;
      setStatus(true);
      if (missedSome) deliver({ type: 'resync', data: { complete: false }, id: '' });
    };
    for (const type of PLAYER_EVENT_TYPES) listen(current, type);
    current.addEventListener(STREAM_REPLACED_EVENT, () => {
      if (current !== source) return;
      // Closed before the server's end reaches it, so the browser does not reopen it by itself.
      current.close();
      source = null;
      replaced = true;
      post({ kind: 'replaced' });
      setStatus(false);
    });
    current.onerror = () => {
      if (current !== source) return;
      setStatus(false);
      // CONNECTING: the browser reopens by itself with Last-Event-ID. CLOSED: it gave up.
      if (current.readyState !== CLOSED) return;
      current.close();
      source = null;
      void reopenAfterRefresh(sentAt);
    };
  };

  const reopenAfterRefresh = async (sentAt: number) => {
    let outcome: RefreshResult;
    try {
      outcome = await options.refresh(sentAt);
    } catch {
      outcome = 'unreachable';
    }
    // 'failed': the session is gone and the app signs out, which stops this client.
    if (stopped || !leader || outcome === 'failed') return;
    const wait = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** attempts);
    attempts += 1;
    retry = setTimeout(connect, wait);
  };

  const lead = () => {
    leader = true;
    post({ kind: 'hello' });
    setStatus(false);
    connect();
  };

  const onMessage = (message: ChannelMessage) => {
    if (stopped) return;
    switch (message.kind) {
      case 'event':
        if (leader) return;
        seen(message.event);
        options.onEvent(message.event, { notify: false });
        return;
      case 'status':
        if (leader) return;
        if (message.connected) hadStream = true;
        if (message.connected !== connected) {
          connected = message.connected;
          options.onStatus(connected);
        }
        return;
      case 'ask':
        if (leader) post({ kind: 'status', connected });
        if (leader && replaced) post({ kind: 'replaced' });
        return;
      case 'replaced':
        replaced = true;
        return;
      case 'hello':
        post({ kind: 'visibility', tab, visible: visible() });
        return;
      case 'visibility':
        othersVisible.set(message.tab, message.visible);
        return;
      case 'bye':
        othersVisible.delete(message.tab);
        return;
    }
  };

  // A closing tab turns hidden first, so its last report is 'not visible'.
  const onVisibility = () => post({ kind: 'visibility', tab, visible: visible() });

  if (channel && env.locks) {
    channel.onmessage = (message: MessageEvent<ChannelMessage>) => onMessage(message.data);
    env.document.addEventListener('visibilitychange', onVisibility);
    post({ kind: 'visibility', tab, visible: visible() });
    post({ kind: 'ask' });
    env.locks
      .request(EVENTS_LOCK_NAME, { signal: abort.signal }, () => {
        if (stopped) return undefined;
        lead();
        // Held until this tab stops or closes.
        return new Promise<void>((resolve) => {
          releaseLock = resolve;
        });
      })
      .catch((error: unknown) => {
        if (!stopped) console.warn('Push stream lock not granted', error);
      });
  } else {
    lead();
  }

  return {
    isLeader: () => leader,
    stop() {
      if (stopped) return;
      if (leader) post({ kind: 'status', connected: false });
      post({ kind: 'bye', tab });
      stopped = true;
      clearTimeout(retry);
      source?.close();
      source = null;
      abort.abort();
      releaseLock?.();
      env.document.removeEventListener('visibilitychange', onVisibility);
      channel?.close();
      if (connected) {
        connected = false;
        options.onStatus(false);
      }
    },
  };
}
