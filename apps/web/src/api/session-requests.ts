import type {
  CheckSessionResponse,
  LoginBody,
  LoginResponse,
  TwoFactorCodeBody,
} from '@aleph/contracts';
import { ensureFreshSession } from './refresh-coordinator';
import { postRefresh } from './session-refresh';

/** A request the server refused: its status and its answer (the server's error body). */
export class RequestError extends Error {
  constructor(
    readonly status: number,
    readonly data: unknown,
  ) {
    super(`Request failed with status ${status}`);
  }
}

const origin = () => window.location.origin;

function send(path: string, init?: RequestInit): Promise<Response> {
  return fetch(`${origin()}${path}`, { credentials: 'include', ...init });
}

async function answer<T>(response: Response): Promise<T> {
  const text = await response.text();
  let data: unknown = text;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: the text as it is.
  }
  if (!response.ok) throw new RequestError(response.status, data);
  return data as T;
}

/*
 * The two session calls of the pages a signed-out player sees first, without RTK Query, so
 * that the login page loads none of it (docs/architecture.md, Web). They keep the base query's
 * rules (docs/screens.md, Session): cookies sent, and a 401 from the check refreshes the
 * session once (coordinated with other tabs) and asks again.
 */

/** GET /abwab/checksession, the first-load session check. */
export async function fetchSession(): Promise<CheckSessionResponse> {
  const sentAt = Date.now();
  let response = await send('/abwab/checksession');
  if (response.status === 401) {
    const outcome = await ensureFreshSession(sentAt, () => postRefresh(origin()));
    if (outcome === 'refreshed') response = await send('/abwab/checksession');
  }
  return answer<CheckSessionResponse>(response);
}

const postJson = (path: string, body: unknown) =>
  send(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/**
 * POST /abwab/login: a 401 here means bad credentials, so nothing is refreshed. An account
 * with two-factor on answers `{ twoFactor: true }` and no session: the code comes next.
 */
export async function postLogin(body: LoginBody): Promise<LoginResponse> {
  return answer<LoginResponse>(await postJson('/abwab/login', body));
}

/**
 * POST /abwab/login/2fa: the login's second step (its challenge travels in a cookie). A 401
 * means the challenge is over (expired or too many wrong codes): log in again, no refresh.
 */
export async function postLoginCode(body: TwoFactorCodeBody): Promise<void> {
  await answer(await postJson('/abwab/login/2fa', body));
}
