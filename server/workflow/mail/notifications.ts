import { sql, type Kysely } from 'kysely';
import type { Lang } from '../../../src/engine';
import type { Database } from '../../db/database';
import { serverTranslate } from '../../lib/i18n';
import { mailLanguage } from '../../mail/language';
import { outboxPart } from '../../mail/outbox';
import { documentTopic, pushForUser, type PushEvent } from '../../push/push-outbox';
import { noteQueued } from '../../lib/outbox-kicks';
import { mailActionLink, newMailActionTokens } from './mail-action-tokens';
import type { DocumentState } from '../core/document-state';
import type { WorkflowContext } from '../core/workflow-context';

/** Which mail: a step waits for its approvers, a forward to finance users, or the outcome. */
export type MailKind = 'approvalRequest' | 'deputyRequest' | 'forwarded' | 'completed' | 'rejected' | 'circulated'
  | 'sentBack' | 'sentBackToRequester' | 'deputySentBack' | 'approvalsCleared'
  | 'reminder' | 'escalated' | 'deputyReminder' | 'deputyEscalated' | 'mentioned';

/** A step's name per language (mails are written per recipient). */
export type StepNames = Record<Lang, string>;

/** A mail's recipient or its document's requester as the mail addresses them. */
export interface MailPerson { id: number; name: string; email: string; language: string | null; disabled: boolean }

/**
 * Options of a mail: `decideStepId` adds each recipient's own Approve and Reject links to that step;
 * `known`, the recipients and the requester as already read (the document's state gives its
 * requesters), with whether the document is urgent: the mail then reads nothing.
 */
export interface MailOptions {
  decideStepId?: number;
  known?: { people: MailPerson[]; urgent: boolean };
}

/**
 * Queues one mail per recipient (enabled users, each once) in the caller's transaction, in the
 * recipient's language (`users.language`, default ja) — never the acting user's —, so the mail
 * exists exactly when the change is committed. Mails name the document, its module, the
 * requester and the step, and link to the app; a waiting mail (`decideStepId`) also carries the
 * recipient's Approve and Reject links (`/m/{token}`, tokens issued for that recipient only).
 * Waiting, sent back, decided and mention mails also go to the recipient's subscribed devices as
 * a push (`PUSHED`): a title in their language, the code and ids, no data; sent with
 * `Urgency: high` when the document is marked urgent.
 */
export async function mailDocumentEvent(
  trx: Kysely<Database>, kind: MailKind, doc: Pick<DocumentState, 'id' | 'code' | 'module_code' | 'requester_id'>,
  recipientIds: number[], ctx: WorkflowContext, step: StepNames | null = null, extra: Record<string, string> = {},
  options: MailOptions = {},
): Promise<number> {
  const ids = [...new Set(recipientIds)];
  if (ids.length === 0) return 0;
  // The recipients, the requester's name and whether the document is urgent (as this transaction
  // sees it now) in one read — none when the caller knows them. An urgent document's pushes go out
  // with `Urgency: high` (RFC 8030 §5.3; issue 33 item 8).
  const read = options.known ? undefined : await trx.selectFrom('users').select(['id', 'name', 'email', 'language', 'disabled'])
    .select(sql<boolean | null>`(select urgent from buffers where buffers.id = ${doc.id})`.as('urgent'))
    .where('id', 'in', [...ids, doc.requester_id]).orderBy('id').execute();
  const people = options.known?.people ?? read ?? [];
  const recipients = people.filter((p) => ids.includes(p.id) && !p.disabled);
  const requester = people.find((p) => p.id === doc.requester_id);
  const urgent = options.known?.urgent ?? read?.[0]?.urgent === true;
  const { definitions } = ctx;
  const module = definitions.modules[doc.module_code];
  for (const user of recipients) {
    const lang = mailLanguage(user.language);
    const t = serverTranslate(lang);
    const params = {
      code: doc.code, module: module ? definitions.translate(lang)(module.meta.title) : doc.module_code,
      requester: requester?.name ?? '', step: step?.[lang] ?? '', link: `${ctx.appUrl}/`, ...extra,
    };
    let text = t(`server.workflow.mail.${kind}Text`, { ...params, name: user.name });
    const tokens = options.decideStepId !== undefined ? newMailActionTokens(options.decideStepId, user.id) : null;
    if (tokens) text += `\n\n${t('server.workflow.mail.decideLinks', { approveLink: mailActionLink(ctx.appUrl, tokens.approve), rejectLink: mailActionLink(ctx.appUrl, tokens.reject) })}`;
    const event = PUSHED[kind];
    const push = event ? pushForUser(user.id, {
      event, document_id: doc.id, code: doc.code, title: t(`server.push.${event}`, params), url: `${ctx.appUrl}/?document=${doc.id}`,
    }, { topic: documentTopic(doc.id, doc.code), urgency: urgent ? 'high' : 'normal' }) : null;
    // The mail, its links' tokens and its pushes in one statement (data-modifying parts of a `with`
    // each run once, read or not): a round trip each made three of a decision's statements.
    const parts = [outboxPart({ to: user.email, subject: t(`server.workflow.mail.${kind}Subject`, params), text }), ...(tokens?.store ?? [])];
    const { rows } = await sql<{ id: number }>`with ${sql.join(parts)} ${push ?? sql`select id from mail`}`.execute(trx);
    noteQueued('mail');
    if (push && rows.length) noteQueued('push');
  }
  return recipients.length;
}

/** Which mails also go to the recipient's devices as a push (issue 33 item 2), as which event. */
const PUSHED: Partial<Record<MailKind, PushEvent>> = {
  approvalRequest: 'waiting', deputyRequest: 'waiting',
  sentBack: 'sentBack', sentBackToRequester: 'sentBack', deputySentBack: 'sentBack',
  completed: 'decided', rejected: 'decided',
  mentioned: 'mention',
};

/** The process name of an approval step in each language, for mails. */
export async function stepName(trx: Kysely<Database>, approvalId: number): Promise<StepNames | null> {
  const row = await trx.selectFrom('approvals')
    .innerJoin('master_processes', 'master_processes.id', 'approvals.master_process_id')
    .innerJoin('processes', 'processes.id', 'master_processes.process_id')
    .select(['processes.name', 'processes.name_ja', 'processes.name_zh'])
    .where('approvals.id', '=', approvalId)
    .executeTakeFirst();
  return row ? processNames(row) : null;
}

/** A process's names per language from its row (the English name where a translation is blank). */
export function processNames(row: { name: string; name_ja: string | null; name_zh: string | null }): StepNames {
  return { en: row.name, ja: row.name_ja || row.name, zh: row.name_zh || row.name };
}
