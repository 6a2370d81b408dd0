import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { heroListSearch, parseHeroListQuery, type HeroListQuery } from './hero-list-query';

/** The list's filters, order and page, read from and written to the URL's query string. */
export function useHeroListQuery() {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parseHeroListQuery(params), [params]);
  const update = useCallback(
    (change: Partial<HeroListQuery>) => {
      // A new filter, order or page size starts again from the first page.
      const page = 'page' in change ? (change.page ?? 0) : 0;
      setParams(heroListSearch({ ...query, ...change, page }), { replace: true });
    },
    [query, setParams],
  );
  return { query, update };
}
