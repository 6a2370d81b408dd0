import type { ListingPage, ListingSearchQuery } from '@aleph/contracts';
import type { Db } from '../../db/client.js';
import { EncodedAnswer } from '../../lib/encoded-answer.js';
import { GLOBAL_TTL_MS, perDatabase } from '../../lib/process-cache.js';

/** Distinct search pages a process keeps; the oldest goes first. */
const MAX_PAGES = 500;

/**
 * Search pages kept for a moment (docs/performance.md, Bazaar): many players browse the same
 * first pages, and a page costs a query, its serializing and its compressing. A page is kept
 * `GLOBAL_TTL_MS`; any Bazaar write of this process drops every kept page, so a player who just
 * listed, bought or bid finds the search up to date, and another process's write shows within
 * the TTL. What a search shows is never what a trade trusts: a buy or bid reads the listing
 * under its lock.
 */
export class SearchPages {
  private readonly pages = new Map<string, { at: number; answer: Promise<EncodedAnswer> }>();

  page(query: ListingSearchQuery, load: () => Promise<ListingPage>): Promise<EncodedAnswer> {
    const key = keyOf(query);
    const now = performance.now();
    const kept = this.pages.get(key);
    if (kept && now - kept.at < GLOBAL_TTL_MS) return kept.answer;
    const entry = { at: now, answer: load().then((page) => new EncodedAnswer(page)) };
    this.pages.delete(key);
    this.pages.set(key, entry);
    if (this.pages.size > MAX_PAGES) {
      const oldest = this.pages.keys().next().value;
      if (oldest !== undefined) this.pages.delete(oldest);
    }
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
}

/** The same search however its parameters were ordered. */
function keyOf(query: ListingSearchQuery): string {
  const entries = Object.entries(query).filter(([, v]) => v !== undefined);
  entries.sort(([a], [b]) => (a < b ? -1 : 1));
  return JSON.stringify(entries);
}

export const searchPagesOf = perDatabase((_db: Db) => new SearchPages());
