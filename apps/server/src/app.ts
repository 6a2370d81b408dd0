import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import type { AppConfig } from './config.js';
import type { Database } from './db/client.js';
import type { Clock } from './lib/clock.js';
import { ProfileCache } from './lib/profile-cache.js';
import { frameworkError, registerErrorHandling } from './lib/error-handler.js';
import {
  registerJsonParser,
  registerOriginCheck,
  registerSecurityHeaders,
} from './lib/http-hardening.js';
import { registerCompression } from './lib/compression.js';
import { registerSpa } from './lib/spa.js';
import { validatorCompiler } from './lib/validator.js';
import type { AccountCreatedHook } from './core/accounts.js';
import { authRoutes } from './modules/auth/routes.js';
import { emailLinkRoutes } from './modules/auth/account-routes.js';
import { SessionResolver } from './modules/auth/access-query.js';
import { API_PREFIXES } from './lib/prefixes.js';
import { playerRoutes } from './http/player-routes.js';
import { marketOfferRoutes } from './modules/market/routes.js';
import { syncItemCatalogue } from './modules/world/catalogue.js';
import { healthRoutes } from './modules/health/routes.js';
import { AccessLog, requestIdGenerator } from './metrics/logging.js';
import { registerObservability } from './metrics/plugin.js';
import { testRoutes } from './modules/test-control/routes.js';
import { EventHub, type EventHubOptions } from './modules/events/hub.js';
import { eventRoutes } from './modules/events/routes.js';
import { staffRoutes } from './http/staff/routes.js';

export interface AppDeps {
  config: AppConfig;
  database: Database;
  clock: Clock;
  accountHooks: readonly AccountCreatedHook[];
  /** Made by buildApp when absent: one per process. */
  profileCache?: ProfileCache;
  /** The push hub's timings (tests shorten the heartbeat). */
  events?: EventHubOptions;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Omit<AppDeps, 'events'> & {
      profileCache: ProfileCache;
      sessions: SessionResolver;
      events: EventHub;
    };
  }
}

export interface BuildOptions {
  logger?: boolean | object;
}

/**
 * How often Node looks for requests past their timeouts. Its default, 30 s, would let a request
 * outlive its timeout by up to that much; the check walks only connections with a request in
 * progress (a push stream's request is complete once its head is read), so it is cheap.
 */
const TIMEOUT_CHECK_MS = 1000;

/** Registers plugins, then the route modules. Used by main.ts and by every HTTP test. */
export async function buildApp(
  deps: AppDeps,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    // Only the listed load balancers' X-Forwarded-For is believed (docs/operations.md).
    trustProxy: deps.config.trustProxy.length > 0 ? [...deps.config.trustProxy] : false,
    bodyLimit: 64 * 1024,
    // A request must arrive whole in time, or it is answered 408 and its connection closed
    // (docs/operations.md, "Timeouts"). Neither timeout touches a push stream, whose request
    // ends with its head; `connectionTimeout` (socket inactivity) stays off.
    requestTimeout: deps.config.requestTimeoutMs,
    http: {
      headersTimeout: deps.config.headersTimeoutMs,
      connectionsCheckingInterval: TIMEOUT_CHECK_MS,
    },
    ajv: { customOptions: { allErrors: false } },
    frameworkErrors: frameworkError,
    logController: new AccessLog(),
    genReqId: requestIdGenerator(deps.config.trustProxy),
  });
  app.setValidatorCompiler(validatorCompiler);
  await syncItemCatalogue(deps.database.db);
  const events = new EventHub(deps.database, deps.clock, app.log, deps.events);
  app.decorate('deps', {
    ...deps,
    profileCache: deps.profileCache ?? new ProfileCache(),
    sessions: new SessionResolver(deps.database.db, deps.clock),
    events,
  });
  await events.start();
  // Open push streams would keep the server from closing: they end before it closes.
  app.addHook('preClose', (done) => {
    events.endAll();
    done();
  });
  app.addHook('onClose', async () => events.stop());
  app.decorateRequest('auth', null);
  // The API reference (API_DOCS): its generator before the first route, its page after the
  // hooks below; a process that serves none loads none of it.
  const apiDocs = deps.config.apiDocs ? await import('./http/api-docs.js') : null;
  await apiDocs?.collectApiDocs(app, deps.config);
  await registerObservability(app);

  registerErrorHandling(app);
  registerJsonParser(app);
  registerOriginCheck(app);
  registerSecurityHeaders(app);
  await app.register(fastifyCookie, { secret: deps.config.cookieSecret });
  await registerCompression(app, deps.config.httpCompression);
  await apiDocs?.serveApiDocs(app);

  await app.register(healthRoutes);
  await app.register(authRoutes, { prefix: API_PREFIXES.auth });
  await app.register(emailLinkRoutes, { prefix: API_PREFIXES.auth });
  await app.register(marketOfferRoutes, { prefix: API_PREFIXES.market });
  await app.register(playerRoutes);
  await app.register(staffRoutes, { prefix: API_PREFIXES.staff });
  await app.register(eventRoutes);
  if (deps.config.testMode) await app.register(testRoutes, { prefix: '/__test' });

  await registerSpa(app, deps.config.webDist);
  return app;
}
