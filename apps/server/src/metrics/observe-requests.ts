import type { FastifyInstance } from 'fastify';
import { API_PREFIXES } from '../lib/prefixes.js';
import { UNMATCHED_ROUTE } from './logging.js';
import type { AppMetrics } from './metrics.js';

const LOGIN_ROUTE = `${API_PREFIXES.auth}/login`;
/** Load balancers and Prometheus call these every few seconds: logged only when they fail. */
const PROBES = /^\/(health|metrics)(\/|$)/;

/**
 * One hook at the end of each request feeds the metrics; the access-log line is AccessLog's.
 * Labels come from the route pattern (`/ard/lands/:id`), so their number is bounded.
 */
export function observeRequests(app: FastifyInstance, metrics: AppMetrics) {
  app.addHook('onRoute', (route) => {
    if (PROBES.test(route.url) && !route.logLevel) route.logLevel = 'warn';
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    const method = request.method;
    const statusCode = reply.statusCode;
    metrics.httpRequests.inc({ method, route, status: statusCode });
    metrics.httpDuration.observe({ method, route }, reply.elapsedTime / 1000);
    if (statusCode === 429 && route === LOGIN_ROUTE) metrics.loginThrottled.inc();
    done();
  });
}
