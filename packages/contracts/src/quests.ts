import Type, { type Static, type TLiteral } from 'typebox';
import { QUEST_KEY_LIST } from '@aleph/rules';

type Literals<T extends readonly string[]> = { -readonly [K in keyof T]: TLiteral<T[K]> };
const questKeyLiterals = QUEST_KEY_LIST.map((key) => Type.Literal(key)) as Literals<
  typeof QUEST_KEY_LIST
>;

/** One of the first steps goals, as the rules list them (docs/game-rules.md, First steps). */
export const QuestKey = Type.Union(questKeyLiterals);
export type QuestKey = Static<typeof QuestKey>;

export const QuestGoal = Type.Object({
  key: QuestKey,
  title: Type.String(),
  /** Where and how to do it: the card's hint. */
  description: Type.String(),
  /** The server has seen it happen (and paid the reward). */
  done: Type.Boolean(),
  reward: Type.Object({ gold: Type.Integer(), xp: Type.Integer() }),
});
export type QuestGoal = Static<typeof QuestGoal>;

/**
 * `GET /athar/quests` and `POST /athar/quests/dismiss` (docs/api.md). `completed`: the goals
 * this very answer found done and paid, so the client can refresh the treasury it shows.
 */
export const QuestBoard = Type.Object({
  goals: Type.Array(QuestGoal),
  done: Type.Integer(),
  total: Type.Integer(),
  next: Type.Union([QuestKey, Type.Null()]),
  dismissed: Type.Boolean(),
  completed: Type.Array(QuestKey),
});
export type QuestBoard = Static<typeof QuestBoard>;
