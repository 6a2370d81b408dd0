import { describe, expect, it } from 'vitest';
import { selectLands } from './lands-view';
import { land } from './test-fixtures';

const lands = [
  land(4, { terrain_type: 2, element: 1 }),
  land(1, { terrain_type: 3, element: 0 }),
  land(3, { terrain_type: 2, element: 3 }),
  land(2, { terrain_type: 0, element: 1 }),
];
const ids = (list: { landid: number }[]) => list.map((l) => l.landid);

describe('selectLands', () => {
  it('sorts by id, rarity (terrain) or element, ascending, ties by id', () => {
    const all = { terrain: null, element: null };
    expect(ids(selectLands(lands, { ...all, sort: 'id' }))).toEqual([1, 2, 3, 4]);
    expect(ids(selectLands(lands, { ...all, sort: 'rarity' }))).toEqual([2, 3, 4, 1]);
    expect(ids(selectLands(lands, { ...all, sort: 'element' }))).toEqual([1, 2, 4, 3]);
  });

  it('filters by terrain and element together', () => {
    expect(ids(selectLands(lands, { terrain: 2, element: null, sort: 'id' }))).toEqual([3, 4]);
    expect(ids(selectLands(lands, { terrain: 2, element: 1, sort: 'id' }))).toEqual([4]);
    expect(ids(selectLands(lands, { terrain: 4, element: null, sort: 'id' }))).toEqual([]);
  });

  it('leaves the given list untouched', () => {
    const copy = [...lands];
    selectLands(lands, { terrain: null, element: null, sort: 'rarity' });
    expect(lands).toEqual(copy);
  });
});
