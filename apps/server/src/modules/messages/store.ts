import type { Executor } from '../../db/client.js';
import { messages } from '../../db/schema.js';
import { plainText, sanitizeMessageHtml } from './sanitize.js';

export const SYSTEM_SENDER = 'Lands of Aleph';

export interface NewMessage {
  profileId: number;
  subject: string;
  body: string;
  kind: 'system' | 'mission' | 'announcement' | 'levelup' | 'welcome';
  senderName?: string;
  announcementId?: number | null;
  at: Date;
}

/** Writes inbox messages in the caller's transaction; bodies are sanitised on the way in. */
export async function writeMessages(tx: Executor, list: readonly NewMessage[]): Promise<void> {
  if (list.length === 0) return;
  await tx.insert(messages).values(
    list.map((m) => ({
      profileId: m.profileId,
      senderName: plainText(m.senderName ?? SYSTEM_SENDER),
      subject: plainText(m.subject),
      body: sanitizeMessageHtml(m.body),
      kind: m.kind,
      announcementId: m.announcementId ?? null,
      createdAt: m.at,
    })),
  );
}
