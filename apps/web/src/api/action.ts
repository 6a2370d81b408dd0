import type { UnknownAction } from 'redux';

/** An action creator as Redux Toolkit's `createAction` makes one: callable, with `type` and `match`. */
export interface ActionCreator<T extends string, Args extends unknown[], P> {
  (...args: Args): { type: T; payload: P };
  type: T;
  match(action: UnknownAction): action is { type: T; payload: P };
}

/**
 * `createAction` without Redux Toolkit, for the state every page loads (the session and UI
 * state): Redux Toolkit and immer arrive with the first screen that fetches, so the login page
 * loads neither (docs/architecture.md, Web). `prepare` makes the payload from the arguments.
 */
export function action<T extends string, Args extends unknown[] = [], P = undefined>(
  type: T,
  prepare?: (...args: Args) => P,
): ActionCreator<T, Args, P> {
  const create = (...args: Args) => ({ type, payload: prepare?.(...args) as P });
  return Object.assign(create, {
    type,
    match: (a: UnknownAction): a is { type: T; payload: P } => a.type === type,
  });
}
