/**
 * The searches the bench sends (docs/performance.md, Bazaar): what players browse, from the
 * default page to a narrow hero search, each as its first page and the next three (by their
 * cursors), so the mix reads next pages as much as first ones.
 */
const QUERIES: Array<Record<string, string | number | boolean>> = [
  {},
  { sort: 'price', currency: 'gold' },
  { sort: '-price', currency: 'gold' },
  { sort: 'ending' },
  { kind: 'hero' },
  { kind: 'hero', sort: 'price', currency: 'gold' },
  { kind: 'hero', rarity: 4, sort: 'price', currency: 'gold' },
  { kind: 'hero', minStrength: 60, minMastery: 40 },
  { kind: 'land', terrain: 2, sort: 'price', currency: 'gold' },
  { kind: 'land', sort: 'ending' },
  { kind: 'goods', item: 'SKILL_POT', sort: 'price', currency: 'gold' },
  { kind: 'goods' },
  { auction: true, sort: 'ending' },
  { auction: false, sort: 'price', currency: 'platinum' },
  { minPrice: 1000, maxPrice: 5000, sort: 'price', currency: 'gold' },
  { element: 1, sort: 'price' },
];
const PAGES = 4;

export async function bazaarSearchMix(url: string, cookie: string): Promise<string[]> {
  const paths: string[] = [];
  for (const q of QUERIES) {
    const base = new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]));
    let cursor: string | null = null;
    for (let page = 0; page < PAGES; page++) {
      const params = new URLSearchParams(base);
      if (cursor) params.set('cursor', cursor);
      const path = `/souq/bazaar/listings?${params}`;
      const res = await fetch(url + path, { headers: { cookie } });
      if (res.status !== 200)
        throw new Error(`[bazaar] ${path}: ${res.status} ${await res.text()}`);
      paths.push(path);
      cursor = ((await res.json()) as { nextCursor: string | null }).nextCursor;
      if (!cursor) break;
    }
  }
  return paths;
}
