import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { loadDefinitions } from '../definitions/definitions';
import { enqueueMail } from '../mail/outbox';
import type { DocumentState } from './document-state';
import type { WorkflowContext } from './workflow-context';

/** Which mail: a step waits for its approvers, a forward to finance users, or the outcome. */
export type MailKind = 'approvalRequest' | 'forwarded' | 'completed' | 'rejected';

async function moduleTitle(moduleCode: string, ctx: WorkflowContext): Promise<string> {
  const definitions = await loadDefinitions();
  const module = definitions.modules[moduleCode];
  return module ? definitions.translate(ctx.lang)(module.meta.title) : moduleCode;
}

/**
 * Queues one mail per recipient (enabled users, each once) in the caller's transaction, in the
 * request's language, so the mail exists exactly when the change is committed. Mails name the
 * document, its module, the requester and the step, and link to the app.
 */
export async function mailDocumentEvent(
  trx: Kysely<Database>, kind: MailKind, doc: Pick<DocumentState, 'code' | 'module_code' | 'requester_id'>,
  recipientIds: number[], ctx: WorkflowContext, stepName = '',
): Promise<number> {
  const ids = [...new Set(recipientIds)];
  if (ids.length === 0) return 0;
  const recipients = await trx.selectFrom('users').select(['id', 'name', 'email'])
    .where('id', 'in', ids).where('disabled', '=', false).orderBy('id').execute();
  const requester = await trx.selectFrom('users').select('name').where('id', '=', doc.requester_id).executeTakeFirst();
  const params = { code: doc.code, module: await moduleTitle(doc.module_code, ctx), requester: requester?.name ?? '', step: stepName, link: `${ctx.appUrl}/` };
  for (const user of recipients) {
    await enqueueMail(trx, {
      to: user.email,
      subject: ctx.t(`server.workflow.mail.${kind}Subject`, params),
      text: ctx.t(`server.workflow.mail.${kind}Text`, { ...params, name: user.name }),
    });
  }
  return recipients.length;
}

/** The localized process name of an approval step, for mails. */
export async function stepName(trx: Kysely<Database>, approvalId: number, ctx: WorkflowContext): Promise<string> {
  const row = await trx.selectFrom('approvals')
    .innerJoin('master_processes', 'master_processes.id', 'approvals.master_process_id')
    .innerJoin('processes', 'processes.id', 'master_processes.process_id')
    .select(['processes.name', 'processes.name_ja', 'processes.name_zh'])
    .where('approvals.id', '=', approvalId)
    .executeTakeFirst();
  if (!row) return '';
  const translated = ctx.lang === 'ja' ? row.name_ja : ctx.lang === 'zh' ? row.name_zh : null;
  return translated || row.name;
}
