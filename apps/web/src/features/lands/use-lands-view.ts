import { useSearchParams } from 'react-router';
import { ELEMENT_NAMES, TERRAIN_NAMES } from '@aleph/rules';
import { parseRowsPerPage } from '../../lib/rows-per-page';
import { LAND_SORTS, type LandsView } from './lands-view';

export interface LandsListState extends LandsView {
  /** Zero-based page. */
  page: number;
  rowsPerPage: number;
}

function idIn(value: string | null, names: readonly string[]): number | null {
  if (value === null || value === '') return null;
  const id = Number(value);
  return Number.isInteger(id) && id >= 0 && id < names.length ? id : null;
}

function parse(params: URLSearchParams): LandsListState {
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  return {
    terrain: idIn(params.get('rarity'), TERRAIN_NAMES),
    element: idIn(params.get('element'), ELEMENT_NAMES),
    sort: LAND_SORTS.find((option) => option.value === sort)?.value ?? 'id',
    // The address shows pages from 1, as the pager does.
    page: Number.isInteger(page) && page > 1 ? page - 1 : 0,
    rowsPerPage: parseRowsPerPage(params.get('rows')),
  };
}

function write(state: LandsListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.terrain !== null) params.set('rarity', String(state.terrain));
  if (state.element !== null) params.set('element', String(state.element));
  if (state.sort !== 'id') params.set('sort', state.sort);
  if (state.page > 0) params.set('page', String(state.page + 1));
  if (state.rowsPerPage !== parseRowsPerPage(null)) params.set('rows', String(state.rowsPerPage));
  return params;
}

/**
 * Filters, sort and page of the lands list, kept in the address so that coming back from a
 * land (or reloading) shows the same page. A new filter, sort or page size starts at page 1.
 */
export function useLandsView() {
  const [params, setParams] = useSearchParams();
  const state = parse(params);
  const update = (change: Partial<LandsListState>) => {
    const resetPage = !('page' in change);
    setParams(write({ ...state, ...(resetPage ? { page: 0 } : {}), ...change }), {
      replace: true,
    });
  };
  return { state, update };
}
