import { describe, expect, it } from 'vitest';
import { selectMode, selectObject, uiReducer } from './ui-slice';

describe('ui slice', () => {
  it('starts in main mode with nothing selected', () => {
    expect(uiReducer(undefined, { type: 'init' })).toEqual({ mode: 'main', selectedId: null });
  });

  it('choosing an object sets only selectedId', () => {
    const state = uiReducer({ mode: 'lands', selectedId: null }, selectObject(42));
    expect(state).toEqual({ mode: 'lands', selectedId: 42 });
  });

  it('choosing a mode sets the mode and clears the selection', () => {
    const state = uiReducer({ mode: 'lands', selectedId: 42 }, selectMode('heroes'));
    expect(state).toEqual({ mode: 'heroes', selectedId: null });
  });
});
