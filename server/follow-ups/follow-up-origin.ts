import type { Kysely } from 'kysely';
import { followUpEntry, labelKey, type CompiledModule, type DefinitionSet, type FollowUp, type FormData, type Translate } from '../../src/engine';
import type { Database } from '../db/database';
import { conflict, forbidden, validationFailed } from '../lib/errors';
import { DocumentStatus } from '../workflow/core/status';
import { canSeeDocument } from '../workflow/core/visibility';

/** A follow-up's origin as the checks found it: the decided document and its definition's entry for the follow-up's module. */
export interface FollowUpOrigin {
  id: number;
  code: string;
  module_code: string;
  requester_id: number;
  data: FormData;
  entry: FollowUp;
}

/** A follow-up on process or completed: the origin is followed up (a rejected or withdrawn one leaves it waiting). */
export const ACTIVE_FOLLOW_UP: number[] = [DocumentStatus.ON_PROCESS, DocumentStatus.COMPLETED];

/**
 * THE rule of who may follow up which document (関連書類, issue #36 item 5; docs/MODULES.md
 * "Follow-up documents"), one for the form's start (`GET /buffers/{id}/follow_up_data`), the
 * detail page's offer and the filing (`follow_up_of`), in this order:
 * - `originId` must be a document id (422 at `follow_up_of`);
 * - the actor must see the origin (403, the same answer for an unknown id: nothing leaks);
 * - the origin is completed (422);
 * - its definition declares `module` as a follow-up (`ui:module.followUps`; 422 naming what it declares);
 * - the follow-up is the origin requester's (`requesterId`: the actor, or the principal a filer files
 *   for), so nobody links a document of theirs onto someone else's (403 naming the origin's requester);
 * - no follow-up of that module is on process or completed (409 naming it).
 * `lock` takes the origin's row lock first (filing: two follow-ups racing for one origin, one files).
 */
export async function followUpOrigin(
  db: Kysely<Database>, definitions: DefinitionSet, module: CompiledModule, originId: unknown,
  who: { actorId: number; requesterId: number }, t: Translate, lock = false,
): Promise<FollowUpOrigin> {
  if (!Number.isInteger(originId) || (originId as number) < 1 || (originId as number) > 2147483647) {
    throw validationFailed([{ propertyPath: 'follow_up_of', message: t('server.followUps.originInvalid') }]);
  }
  const id = originId as number;
  let query = db.selectFrom('buffers').innerJoin('users', 'users.id', 'buffers.requester_id')
    .select(['buffers.id', 'buffers.code', 'buffers.module_code', 'buffers.status', 'buffers.requester_id', 'buffers.data', 'users.name as requester_name'])
    .where('buffers.id', '=', id);
  if (lock) query = query.forUpdate('buffers');
  const origin = await query.executeTakeFirst();
  if (!origin || !(await canSeeDocument(db, id, who.actorId))) throw forbidden(t('server.followUps.originUnseen', { id }));
  if (origin.status !== DocumentStatus.COMPLETED) {
    throw validationFailed([{ propertyPath: 'follow_up_of', message: t('server.followUps.notCompleted', { code: origin.code }) }]);
  }
  const originModule = definitions.modules[origin.module_code];
  const entry = followUpEntry(originModule, module.code);
  if (!entry) {
    const declared = (originModule?.meta.followUps ?? []).map((e) => definitions.modules[e.module]).filter(Boolean).map((m) => t(m!.meta.title));
    const originTitle = originModule ? t(originModule.meta.title) : origin.module_code;
    throw validationFailed([{
      propertyPath: 'follow_up_of',
      message: declared.length
        ? t('server.followUps.notDeclared', { code: origin.code, origin: originTitle, module: t(module.meta.title), allowed: declared.join(' / ') })
        : t('server.followUps.noFollowUps', { code: origin.code, origin: originTitle }),
    }]);
  }
  if (origin.requester_id !== who.requesterId) throw forbidden(t('server.followUps.notRequester', { code: origin.code, name: origin.requester_name }));
  const existing = await db.selectFrom('buffers').select('code')
    .where('follow_up_of', '=', id).where('module_code', '=', module.code).where('status', 'in', ACTIVE_FOLLOW_UP)
    .orderBy('id').executeTakeFirst();
  if (existing) throw conflict(t('server.followUps.already', { code: origin.code, other: existing.code }));
  return { id: origin.id, code: origin.code, module_code: origin.module_code, requester_id: origin.requester_id, data: origin.data as FormData, entry };
}

/**
 * A filed follow-up keeps naming its origin: its `link` field (the entry's, `related_approval_id`)
 * must hold the origin's id — on filing and on every edit (422 at that field otherwise).
 */
export function linkViolation(entry: FollowUp, origin: { id: number; code: string }, data: FormData, module: CompiledModule, t: Translate) {
  if (data[entry.link] === origin.id) return null;
  const label = t(labelKey(module, entry.link));
  return validationFailed([{ propertyPath: entry.link, message: t('server.followUps.linkChanged', { code: origin.code, field: label }) }]);
}
