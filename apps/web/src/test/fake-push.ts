import {
  STREAM_REPLACED_EVENT,
  type PlayerEventMap,
  type PlayerEventType,
  type StreamReplacedEvent,
} from '@aleph/contracts';

/**
 * Stand-ins for what jsdom lacks: EventSource, a BroadcastChannel bus and Web Locks. Each test
 * makes its own `fakePushBrowser()`; several clients started with it act as tabs of one browser.
 */

type Listener = (event: MessageEvent) => void;

export class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSED = 2;
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  private listeners = new Map<string, Listener[]>();

  constructor(
    readonly url: string,
    private readonly registry: FakeEventSource[],
  ) {
    registry.push(this);
  }

  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close() {
    this.readyState = 2;
  }

  get closed() {
    return this.readyState === 2;
  }

  /** The server accepted the stream. */
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  /** The server sends an event with its sequence id. */
  emit<K extends PlayerEventType>(type: K, data: PlayerEventMap[K], id = '1') {
    const event = new MessageEvent(type, { data: JSON.stringify(data), lastEventId: id });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }

  /** The server replaces the stream by a newer one (`stream.replaced`, no id), then ends it. */
  replace(data: StreamReplacedEvent) {
    const event = new MessageEvent(STREAM_REPLACED_EVENT, { data: JSON.stringify(data) });
    for (const listener of this.listeners.get(STREAM_REPLACED_EVENT) ?? []) listener(event);
  }

  /** The connection broke: the browser retries by itself (CONNECTING) or gives up (CLOSED). */
  fail(state: 'retrying' | 'closed') {
    this.readyState = state === 'closed' ? 2 : 0;
    this.onerror?.(new Event('error'));
  }
}

class FakeChannel {
  onmessage: ((event: MessageEvent) => void) | null = null;
  private closed = false;

  constructor(
    readonly name: string,
    private readonly bus: Set<FakeChannel>,
  ) {
    bus.add(this);
  }

  postMessage(data: unknown) {
    if (this.closed) throw new Error('channel closed');
    const copy = structuredClone(data);
    for (const other of this.bus) {
      // Like a real channel: every other instance of the name, never the sender, asynchronously.
      if (other !== this && other.name === this.name) {
        queueMicrotask(() => {
          if (!other.closed) other.onmessage?.(new MessageEvent('message', { data: copy }));
        });
      }
    }
  }

  close() {
    this.closed = true;
    this.bus.delete(this);
  }
}

interface Waiter {
  name: string;
  run: () => void;
  reject: (error: unknown) => void;
}

/** Exclusive locks granted in request order; a holder keeps one until its callback's promise settles. */
class FakeLocks {
  private held = new Set<string>();
  private waiting: Waiter[] = [];

  request(
    name: string,
    options: { signal?: AbortSignal },
    callback: (lock: unknown) => unknown,
  ): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        name,
        reject,
        run: () => {
          this.held.add(name);
          Promise.resolve(callback({ name }))
            .then(resolve, reject)
            .finally(() => {
              this.held.delete(name);
              this.grant();
            });
        },
      };
      options.signal?.addEventListener('abort', () => {
        const index = this.waiting.indexOf(waiter);
        if (index < 0) return;
        this.waiting.splice(index, 1);
        reject(new DOMException('aborted', 'AbortError'));
      });
      this.waiting.push(waiter);
      this.grant();
    });
  }

  private grant() {
    const next = this.waiting.find((waiter) => !this.held.has(waiter.name));
    if (!next) return;
    this.waiting.splice(this.waiting.indexOf(next), 1);
    next.run();
  }
}

export interface FakeDocument {
  visibilityState: DocumentVisibilityState;
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
  /** Changes the page's visibility and tells its listeners. */
  setVisible(visible: boolean): void;
}

export function fakeDocument(visible = true): FakeDocument {
  const listeners = new Set<() => void>();
  return {
    visibilityState: visible ? 'visible' : 'hidden',
    addEventListener: (_type, listener) => listeners.add(listener),
    removeEventListener: (_type, listener) => listeners.delete(listener),
    setVisible(next) {
      this.visibilityState = next ? 'visible' : 'hidden';
      for (const listener of listeners) listener();
    },
  };
}

/** One fake browser: the streams its tabs opened, a shared channel bus and shared locks. */
export function fakePushBrowser() {
  const sources: FakeEventSource[] = [];
  const bus = new Set<FakeChannel>();
  const locks = new FakeLocks();
  const EventSourceClass = class extends FakeEventSource {
    constructor(url: string) {
      super(url, sources);
    }
  };
  const ChannelClass = class extends FakeChannel {
    constructor(name: string) {
      super(name, bus);
    }
  };
  return {
    sources,
    /** The stream opened last. */
    latest: () => sources.at(-1),
    EventSource: EventSourceClass as unknown as typeof EventSource,
    BroadcastChannel: ChannelClass as unknown as typeof BroadcastChannel,
    locks: locks as unknown as LockManager,
  };
}

/** Lets queued channel messages and lock grants run. */
export const settle = async (rounds = 5) => {
  for (let i = 0; i < rounds; i += 1) await Promise.resolve();
};
