import { Readable } from 'node:stream';
import type { MissionLogEntry } from '@aleph/contracts';
import type { Executor } from '../../db/client.js';
import { allLogRows, type LogFilters } from './log.js';

const HEADER = [
  'mission id',
  'type',
  'hero id',
  'hero',
  'land id',
  'land',
  'started',
  'finished',
  'minutes',
  'outcome',
  'rewards',
  'xp',
  'gold',
];

/**
 * A CSV field: quoted when it holds a quote, a comma or a line break; a text that a spreadsheet
 * would run as a formula (=, +, -, @) gets a leading apostrophe.
 */
export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const line = (fields: readonly (string | number)[]) => `${fields.map(csvField).join(',')}\r\n`;

const fieldsOf = (e: MissionLogEntry) => [
  e.missionid,
  e.missionType,
  e.heroid,
  e.heroName,
  e.landid,
  e.landName,
  e.startedAt,
  e.finishedAt,
  e.minutes,
  e.outcome,
  e.rewards,
  e.xp,
  e.gold,
];

/** The filtered log as a CSV stream, read a thousand rows at a time as the client takes it. */
export function missionLogCsv(db: Executor, profileId: number, filters: LogFilters): Readable {
  async function* lines() {
    yield line(HEADER);
    for await (const entry of allLogRows(db, profileId, filters)) yield line(fieldsOf(entry));
  }
  return Readable.from(lines());
}
