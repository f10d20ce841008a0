import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import type { NextUserNotified } from '../../../src/wire/workflow';
import { loadDocumentState } from '../core/document-state';
import { rememberedEmailPush } from './email-push-preference';
import { activeStep, nextStep } from '../core/transitions';

/**
 * Should the next approver be notified by default? No next step (the user is the last
 * approver): false. Otherwise the user's last `send_email_push` choice, or, before any choice,
 * whether an approver of the next step wants notifications (`users.is_notified`). The wire shape,
 * src/wire/workflow.ts.
 */
export async function nextUserNotified(db: Kysely<Database>, documentId: number, userId: number): Promise<NextUserNotified> {
  const doc = await loadDocumentState(db, documentId);
  const current = doc ? activeStep(doc) : null;
  const next = doc && current ? nextStep(doc, current) : null;
  if (!next) return { is_notified: false, next_approval_id: null };
  const remembered = await rememberedEmailPush(db, userId);
  if (remembered !== undefined) return { is_notified: remembered, next_approval_id: next.id };
  const wants = next.candidates.length
    ? await db.selectFrom('users').select('id').where('id', 'in', next.candidates).where('is_notified', '=', true).executeTakeFirst()
    : undefined;
  return { is_notified: wants !== undefined, next_approval_id: next.id };
}
