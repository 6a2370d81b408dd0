import { readFileSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import path from 'node:path';
import type { FastifyInstance, FastifySchema } from 'fastify';
import fastifySwagger, { type SwaggerTransform } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { API_DOCS_PATH, API_PREFIXES, EVENTS_PATH, HEALTH_PATH } from '@aleph/contracts';
import { serverRoot } from '../boot-settings.js';
import type { AppConfig } from '../config.js';
import { cookieNames } from '../core/session-cookies.js';
import { SESSION_SCHEME } from '../core/session.js';

/**
 * The API reference: OpenAPI 3.1 made by @fastify/swagger from the TypeBox schemas every route
 * declares, shown at /api/docs by @fastify/swagger-ui. `npm run openapi -w @aleph/server`
 * writes the same document to docs/openapi.json, and `npm test` fails when that file is stale.
 *
 * Registered only where it is served (API_DOCS: development by default) and by that script:
 * the plugin keeps every route's options from registration on, and a production process that
 * serves no reference should load none of it.
 */

/** The reference's sections, in its order (docs/api.md has the prose of each). */
const TAGS: readonly { name: string; description: string }[] = [
  { name: 'auth', description: 'Accounts and sessions: register with a wallet, log in, refresh.' },
  { name: 'profile', description: 'Profile, features, first steps, records and the rating.' },
  { name: 'lands', description: 'Lands, their inventories and the world map.' },
  { name: 'heroes', description: 'Heroes, their skill points and Skill Pots.' },
  { name: 'missions', description: 'Missions: check, start, running, log and unique events.' },
  { name: 'workflows', description: 'Multi-step workflows.' },
  { name: 'dashboard', description: 'The dashboard widgets.' },
  { name: 'boards', description: 'The weekly boards.' },
  { name: 'messages', description: 'Inbox, mission reports and announcements.' },
  { name: 'market', description: 'Buying Platinum, minting lands and heroes, purchases.' },
  { name: 'economy', description: 'The Greedy trader and the Secret market.' },
  { name: 'events', description: 'Timed events: the Lucky coin.' },
  { name: 'arena', description: 'Defence team, attacks, battles and the weekly ladder.' },
  { name: 'staff', description: "The operators' console: staff roles only." },
  { name: 'push', description: "The signed-in player's Server-Sent Events stream." },
  { name: 'operations', description: 'Health checks and the Prometheus metrics.' },
];

/** Each path's section, by its prefix. */
const AREAS: readonly [prefix: string, tag: string][] = [
  [API_PREFIXES.auth, 'auth'],
  [API_PREFIXES.profile, 'profile'],
  [API_PREFIXES.lands, 'lands'],
  [API_PREFIXES.heroes, 'heroes'],
  [API_PREFIXES.missions, 'missions'],
  [API_PREFIXES.workflows, 'workflows'],
  [API_PREFIXES.dashboard, 'dashboard'],
  [API_PREFIXES.boards, 'boards'],
  [API_PREFIXES.messages, 'messages'],
  [API_PREFIXES.market, 'market'],
  [API_PREFIXES.economy, 'economy'],
  [API_PREFIXES.gameEvents, 'events'],
  [API_PREFIXES.arena, 'arena'],
  [API_PREFIXES.staff, 'staff'],
  [EVENTS_PATH, 'push'],
  [HEALTH_PATH, 'operations'],
  ['/metrics', 'operations'],
];

/** The test-only routes (GAME_TEST_MODE): never part of the reference. */
const TEST_PREFIX = '/__test';

const within = (url: string, prefix: string) => url === prefix || url.startsWith(`${prefix}/`);

/**
 * Each route under its section's tag; the test-only routes hidden. (The reference's own pages
 * and the web app's files hide themselves.)
 */
const transform: SwaggerTransform = ({ schema, url }) => {
  if (within(url, TEST_PREFIX)) return { schema: { ...schema, hide: true }, url };
  const tag = AREAS.find(([prefix]) => within(url, prefix))?.[1];
  const shown: FastifySchema = tag ? { ...schema, tags: [tag] } : schema;
  return { schema: shown, url };
};

const DESCRIPTION = `The HTTP API of Lands of Aleph, generated from the TypeBox schemas the routes \
declare (packages/contracts). The prose (sessions, errors, push, idempotency, pagination and \
the game's rules behind each answer) is in docs/api.md.

- **Session**: \`POST /abwab/login\` sets two signed, httpOnly cookies, the access token (the \
\`session\` scheme below, 15 minutes) and the refresh token; \`POST /abwab/refresh\` renews both. \
A route marked with the lock answers 401 without a valid access token.
- **Cross-site requests**: a state-changing request that a browser marks as coming from another \
site (\`Sec-Fetch-Site: cross-site\`, or an \`Origin\` other than the server's) is refused with \
403 \`BAD_ORIGIN\`; there is no CSRF token to send.
- **Errors**: every error is \`{ statusCode, error, message, code, field? }\`; bodies are \
\`application/json\` in UTF-8 (anything else is 415).
- **Idempotency**: the economy's writes need an \`Idempotency-Key\` header, the market's an \
\`idempotencyKey\` in the body: a retry with the same key answers the first answer.`;

function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(path.join(serverRoot, 'package.json'), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

/** HTTP methods in the order OpenAPI lists them in a path item. */
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** An object's entries by key; with `first`, those keys lead in that order. */
function sortedEntries(o: object, first: readonly string[] = []): [string, unknown][] {
  const rank = (key: string) => (first.includes(key) ? first.indexOf(key) : first.length);
  return Object.entries(o).sort(([a], [b]) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
}

/** A response the route gave no description: described by its status ("Not Found"). */
function describe(status: string, response: Record<string, unknown>) {
  const text = STATUS_CODES[status];
  return response.description === 'Default Response' && text
    ? { ...response, description: text }
    : response;
}

/**
 * The document in a fixed order whatever order the routes were registered in: paths sorted,
 * methods in OpenAPI's order, responses by status, components by name. Schemas keep the order
 * their contracts declare their properties in, which is fixed by the code.
 */
export function canonicalDocument(doc: Record<string, unknown>): Record<string, unknown> {
  const paths = Object.fromEntries(
    sortedEntries((doc.paths ?? {}) as object).map(([url, item]) => [
      url,
      Object.fromEntries(
        sortedEntries(item as object, METHODS).map(([method, op]) => {
          const operation = op as Record<string, unknown>;
          if (!operation.responses) return [method, operation];
          const responses = Object.fromEntries(
            sortedEntries(operation.responses as object).map(([status, response]) => [
              status,
              describe(status, response as Record<string, unknown>),
            ]),
          );
          return [method, { ...operation, responses }];
        }),
      ),
    ]),
  );
  const components = Object.fromEntries(
    sortedEntries((doc.components ?? {}) as object).map(([kind, named]) => [
      kind,
      Object.fromEntries(sortedEntries(named as object)),
    ]),
  );
  const order = ['openapi', 'info', 'servers', 'tags', 'security', 'paths', 'components'];
  return Object.fromEntries(sortedEntries({ ...doc, paths, components }, order));
}

/**
 * The document's generator, `app.swagger()`: registered before any route, since it collects
 * them as they are registered.
 */
export async function collectApiDocs(app: FastifyInstance, config: AppConfig) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Lands of Aleph API', version: packageVersion(), description: DESCRIPTION },
      tags: [...TAGS],
      components: {
        securitySchemes: {
          [SESSION_SCHEME]: {
            type: 'apiKey',
            in: 'cookie',
            name: cookieNames(config).access,
            description:
              'The signed access-token cookie that POST /abwab/login and POST /abwab/refresh set ' +
              '(`__Host-` prefixed and Secure in production).',
          },
        },
      },
    },
    transform,
    transformObject: (document) =>
      'openapiObject' in document
        ? canonicalDocument(document.openapiObject as Record<string, unknown>)
        : document.swaggerObject,
  });
}

/**
 * The reference page at /api/docs, which reads the document at /api/docs/json. Registered
 * after the app's hooks (security headers and the like), so its pages get them too. Its files
 * are the plugin's own, none from elsewhere: the app's Content-Security-Policy holds as it is.
 */
export async function serveApiDocs(app: FastifyInstance) {
  await app.register(fastifySwaggerUi, {
    routePrefix: API_DOCS_PATH,
    theme: { title: 'Lands of Aleph API' },
  });
}
