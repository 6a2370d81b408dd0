import { API_DOCS_PATH, API_PREFIXES, EVENTS_PATH, HEALTH_PATH } from '@aleph/contracts';

export { API_PREFIXES };

// The API reference's path answers 404 JSON where it is not served, never the SPA's page.
const apiPaths = [
  ...Object.values(API_PREFIXES),
  HEALTH_PATH,
  EVENTS_PATH,
  API_DOCS_PATH,
  '/metrics',
  '/__test',
];

/** True for paths the API owns; everything else may fall back to the SPA. */
export function isApiPath(url: string): boolean {
  const path = url.split('?')[0] ?? url;
  return apiPaths.some((p) => path === p || path.startsWith(`${p}/`));
}
