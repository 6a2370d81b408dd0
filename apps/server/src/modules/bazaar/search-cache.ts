import type { ListingPage, ListingSearchQuery } from '@aleph/contracts';
import type { Db } from '../../db/client.js';
import { EncodedAnswer } from '../../lib/encoded-answer.js';
import { GLOBAL_TTL_MS, perDatabase } from '../../lib/process-cache.js';

/** Distinct search pages a process keeps; the oldest goes first. */
const MAX_PAGES = 500;
/** How old a page may be served while its next load runs. */
const STALE_MS = 5 * GLOBAL_TTL_MS;

/**
 * Search pages kept for a moment (docs/performance.md, Bazaar): many players browse the same
 * first pages, and a page costs a query, its serializing and its compressing. A page is fresh
 * for `GLOBAL_TTL_MS`; after that, while its next load runs, readers get the page they had (at
 * most `STALE_MS` old) instead of all waiting for the query. Any Bazaar write of this process
 * drops every kept page, so a player who just listed, bought or bid finds the search up to date;
 * another process's write shows within a second or two. What a search shows is never what a
 * trade trusts: a buy or bid reads the listing under its lock.
 */
export class SearchPages {
  private readonly pages = new Map<string, Page>();

  page(query: ListingSearchQuery, load: () => Promise<ListingPage>): Promise<EncodedAnswer> {
    const key = keyOf(query);
    const now = performance.now();
    const kept = this.pages.get(key);
    if (kept && now - kept.at < GLOBAL_TTL_MS) return kept.answer;
    if (kept?.value && now - kept.at < STALE_MS) {
      if (!kept.refreshing) this.refresh(key, kept, load, now);
      return Promise.resolve(kept.value);
    }
    const entry = start(load, now);
    this.put(key, entry);
    // A failed load is not kept: the next reader tries again.
    entry.answer.catch(() => {
      if (this.pages.get(key) === entry) this.pages.delete(key);
    });
    return entry.answer;
  }

  /** A Bazaar write of this process: loads under way are dropped too. */
  wrote(): void {
    this.pages.clear();
  }

  /** Loads a page again while the kept one is served; kept only if no write came meanwhile. */
  private refresh(key: string, kept: Page, load: () => Promise<ListingPage>, now: number) {
    kept.refreshing = true;
    const entry = start(load, now);
    entry.answer.then(
      () => {
        if (this.pages.get(key) === kept) this.put(key, entry);
      },
      () => {
        kept.refreshing = false;
      },
    );
  }

  private put(key: string, entry: Page): void {
    this.pages.delete(key);
    this.pages.set(key, entry);
    if (this.pages.size > MAX_PAGES) {
      const oldest = this.pages.keys().next().value;
      if (oldest !== undefined) this.pages.delete(oldest);
    }
  }
}

function start(load: () => Promise<ListingPage>, now: number): Page {
  const entry: Page = { at: now, answer: load().then((page) => new EncodedAnswer(page)) };
  entry.answer.then(
    (value) => {
      entry.value = value;
    },
    () => undefined,
  );
  return entry;
}

interface Page {
  at: number;
  answer: Promise<EncodedAnswer>;
  /** Set once the answer is in. */
  value?: EncodedAnswer;
  /** Its next load is running. */
  refreshing?: boolean;
}

/** The same search however its parameters were ordered. */
function keyOf(query: ListingSearchQuery): string {
  const entries = Object.entries(query).filter(([, v]) => v !== undefined);
  entries.sort(([a], [b]) => (a < b ? -1 : 1));
  return JSON.stringify(entries);
}

export const searchPagesOf = perDatabase((_db: Db) => new SearchPages());
