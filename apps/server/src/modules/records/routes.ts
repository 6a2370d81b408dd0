import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AchievementList,
  ErrorBody,
  FrameBody,
  FrameResponse,
  MissionLogCsv,
  MissionLogPage,
  MissionLogQuery,
  RatingPage,
  RatingQuery,
} from '@aleph/contracts';
import { authOf, cachedFor } from '../../core/session.js';
import { requireFeatureAt } from '../../core/gates.js';
import { achievementList } from './achievements.js';
import { chooseFrame, currentFrame } from './frame.js';
import { LogPageCache, logQueryKey } from './log-cache.js';
import { missionLogCsv } from './log-csv.js';
import { missionLog } from './log.js';
import { ratingPage } from './rating.js';
import { RatingSnapshot } from './rating-snapshot.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** The achievements page's own wording of the level-3 gate (docs/screens.md, Feature gates). */
export const ACHIEVEMENTS_LOCKED =
  'You need to upgrade your profile to at least level three to view achievements.';

/** /athar: achievements, the avatar frame and the profiles rating (docs/api.md, Records). */
export async function recordsProfileRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app.deps.database;
  // One per server process: other processes keep their own, each at most its age behind.
  const snapshots = new RatingSnapshot(db, () => app.deps.clock.now().getTime());

  app.get(
    '/achievements',
    { schema: { response: { 200: AchievementList, ...errors } } },
    (request) => {
      const auth = authOf(request);
      requireFeatureAt(auth.level, 'profileLevel3', ACHIEVEMENTS_LOCKED);
      return achievementList(db, auth.userId);
    },
  );

  app.get(
    '/profile/frame',
    { schema: { response: { 200: FrameResponse, ...errors } } },
    (request) => currentFrame(db, authOf(request).userId),
  );

  app.put(
    '/profile/frame',
    { schema: { body: FrameBody, response: { 200: FrameResponse, ...errors } } },
    (request) => chooseFrame(db, authOf(request).userId, request.body.frame, app.deps.clock.now()),
  );

  app.get(
    '/rating',
    { schema: { querystring: RatingQuery, response: { 200: RatingPage, ...errors } } },
    (request) => {
      const auth = authOf(request);
      requireFeatureAt(auth.level, 'profileLevel7');
      return ratingPage(db, snapshots, auth.userId, request.query);
    },
  );
}

/** /misaar: the Mission Log and its CSV export (docs/api.md, Records). */
export async function missionLogRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app.deps.database;
  const pages = new LogPageCache();

  app.get(
    '/missions/log',
    { schema: { querystring: MissionLogQuery, response: { 200: MissionLogPage, ...errors } } },
    (request) => {
      const auth = authOf(request);
      requireFeatureAt(auth.level, 'profileLevel4');
      const { limit, ...rest } = request.query;
      const load = () => missionLog(db, auth.userId, request.query);
      // A page changes only when one of the player's missions settles, which bumps their state
      // version (docs/performance.md, Records). The unfiltered first page, what the screen
      // opens with, lives with their other cached reads; any other page in the log's own
      // cache, bounded by rows, since a key per cursor and filter could otherwise grow.
      if (Object.keys(rest).length > 0)
        return pages.get(auth.userId, auth.version, logQueryKey(request.query), load);
      return cachedFor(app, request)(`log:${limit ?? ''}`, load);
    },
  );

  app.get(
    '/missions/log.csv',
    {
      schema: {
        querystring: MissionLogQuery,
        response: { 200: MissionLogCsv, ...errors },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      requireFeatureAt(auth.level, 'profileLevel4');
      const { cursor: _cursor, limit: _limit, ...filters } = request.query;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="mission-log.csv"')
        .header('cache-control', 'no-store')
        .send(missionLogCsv(db, auth.userId, filters) as never); // a stream, sent as it is read
    },
  );
}
