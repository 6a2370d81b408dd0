import { sql } from 'drizzle-orm';
import type { FrameName, FrameResponse } from '@aleph/contracts';
import { frameOf, frameUnlocked, RECORDS_CONFIG } from '@aleph/rules';
import { queryRows, type Db, type Executor } from '../../db/client.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { profileChangedEvent, PlayerEvents, writeEvents } from '../../core/events.js';
import { LOCKED_TEXT } from '../../core/gates.js';

const response = (frame: FrameName, level: number): FrameResponse => ({
  frame,
  frames: RECORDS_CONFIG.frames.map((f) => ({ ...f, unlocked: frameUnlocked(f.id, level) })),
});

export async function currentFrame(db: Executor, profileId: number): Promise<FrameResponse> {
  const [row] = await queryRows<{ frame: FrameName; level: number }>(
    db,
    sql`select frame, level from profiles where id = ${profileId}`,
  );
  if (!row) throw notFound('Profile not found');
  return response(row.frame, row.level);
}

/**
 * Puts on a frame the profile's level unlocks. The level is checked in the update itself, so
 * the answer is the database's, not the session's. The player's other open pages hear of it
 * through `profile.changed` with the frame (docs/api.md, "Push").
 */
export async function chooseFrame(
  db: Db,
  profileId: number,
  frame: FrameName,
  now: Date,
): Promise<FrameResponse> {
  const needed = frameOf(frame).profileLevel;
  const level = await db.transaction(async (tx) => {
    const [row] = await queryRows<{ level: number; gold: string; platinum: string; xp: string }>(
      tx,
      sql`update profiles set frame = ${frame} where id = ${profileId} and level >= ${needed}
          returning level, gold, platinum, xp`,
    );
    if (!row) return null;
    const events = new PlayerEvents();
    const balances = {
      level: row.level,
      gold: Number(row.gold),
      platinum: Number(row.platinum),
      xp: Number(row.xp),
    };
    events.add(profileId, 'profile.changed', { ...profileChangedEvent(balances), frame });
    await writeEvents(tx, events, now);
    return row.level;
  });
  if (level === null) {
    const flag = `profileLevel${needed}` as keyof typeof LOCKED_TEXT;
    throw forbidden('FEATURE_LOCKED', LOCKED_TEXT[flag]);
  }
  return response(frame, level);
}
