/** The spec's URL prefixes and the domain module behind each (ARCHITECTURE.md, style 1). */
export const API_PREFIXES = {
  auth: '/abwab',
  lands: '/ard',
  heroes: '/abtal',
  missions: '/misaar',
  profile: '/athar',
  boards: '/mirza',
  workflows: '/tartib',
  messages: '/hatif',
  dashboard: '/dashboard',
  market: '/market',
} as const;

const apiPaths = [...Object.values(API_PREFIXES), '/health', '/metrics', '/__test'];

/** True for paths the API owns; everything else may fall back to the SPA. */
export function isApiPath(url: string): boolean {
  const path = url.split('?')[0] ?? url;
  return apiPaths.some((p) => path === p || path.startsWith(`${p}/`));
}
