import Type from 'typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ErrorBody,
  PushDevice,
  PushDeviceList,
  PushErrorCode,
  PushKey,
  PushPreferences,
  PushSubscriptionBody,
  PushSubscriptionParams,
} from '@aleph/contracts';
import { authOf } from '../../core/session.js';
import { conflict } from '../../lib/errors.js';
import { readPreferences, writePreferences } from './preferences.js';
import { checkSubscription } from './subscription-check.js';
import { listDevices, subscribe, unsubscribe } from './subscriptions.js';

/**
 * /athar/push: the VAPID key, the player's subscribed devices and what they want pushed
 * (docs/api.md, "Web push"). With WEB_PUSH=off there is no key and nothing can be subscribed;
 * the list, the removal and the preferences still answer, so a player can tidy up.
 */
export async function pushRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { config, database, clock } = app.deps;
  const { webPush } = config;
  // A local push service stands in for the browser's in development and the tests.
  const allowLoopback = config.testMode || config.nodeEnv === 'development';
  const assertOn = () => {
    if (!webPush.enabled)
      throw conflict(PushErrorCode.pushOff, 'Notifications are turned off on this server.');
  };

  app.get(
    '/push/key',
    { schema: { response: { 200: PushKey, 401: ErrorBody, 409: ErrorBody } } },
    async () => {
      assertOn();
      return { publicKey: webPush.keys().publicKey };
    },
  );

  app.get(
    '/push/subscriptions',
    { schema: { response: { 200: PushDeviceList, 401: ErrorBody } } },
    async (request) => listDevices(database.db, authOf(request).userId),
  );

  app.post(
    '/push/subscriptions',
    {
      schema: {
        body: PushSubscriptionBody,
        response: {
          200: PushDevice,
          201: PushDevice,
          400: ErrorBody,
          401: ErrorBody,
          409: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      assertOn();
      const sub = checkSubscription(request.body, allowLoopback);
      const me = authOf(request).userId;
      const agent = request.headers['user-agent'];
      const { device, created } = await subscribe(database.db, me, sub, agent, clock.now());
      return reply.status(created ? 201 : 200).send(device);
    },
  );

  app.delete(
    '/push/subscriptions/:id',
    {
      schema: {
        params: PushSubscriptionParams,
        response: { 204: Type.Null(), 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      await unsubscribe(database.db, authOf(request).userId, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/push/preferences',
    { schema: { response: { 200: PushPreferences, 401: ErrorBody } } },
    async (request) => readPreferences(database.db, authOf(request).userId),
  );

  app.put(
    '/push/preferences',
    {
      schema: {
        body: PushPreferences,
        response: { 200: PushPreferences, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request) =>
      writePreferences(database.db, authOf(request).userId, request.body, clock.now()),
  );
}
