import { sql, type Kysely } from 'kysely';
import type { Lang } from '../../../src/engine';
import type { Database } from '../../db/database';
import type { KeyTerm } from '../../lib/keyset';
import { keysetPaginate, type CursorPageQuery } from '../../repositories/keyset-paginate';
import { selectUserSummary, usersByName } from '../../repositories/user-repository';
import { eligibleCondition, type EligibilityScope, type StepRule } from '../core/eligibility';
import { filingCompany, loadFiler } from './filing-checks';

/** The approver picker's order: group members first, then by name (id breaks ties). */
export const APPROVER_ORDER: KeyTerm[] = [
  { key: 'groupMember', column: 'is_group', expression: sql`coalesce(companies.is_group, false)`, direction: 'desc', type: 'boolean' },
  { key: 'name', column: 'users.name', direction: 'asc', type: 'text' },
  { key: 'user', column: 'users.id', direction: 'asc', type: 'integer' },
];

/**
 * Whose candidates a picker lists: the signed-in user as requester and the company they work in
 * (`companyId` when they may file for it, else their own: `filingCompany`). Null for an unknown user.
 */
export async function pickerScope(db: Kysely<Database>, userId: number, companyId: number | undefined): Promise<EligibilityScope | null> {
  const filer = await loadFiler(db, userId);
  if (!filer) return null;
  return { requesterId: filer.id, companyId: await filingCompany(db, filer, companyId) };
}

/**
 * A page of approver candidates in the picker's order, as user summaries: with `eligible`, only
 * those THE eligibility rule allows on that step for that scope (never the requester unless the
 * step allows it) — exactly whom the filing accepts. `GET /users/approver` and the candidates of
 * `POST /master_processes/resolve` are both this list.
 */
export function approverCandidatePage(db: Kysely<Database>, lang: Lang, q: CursorPageQuery & { name?: string }, eligible?: { step: StepRule; scope: EligibilityScope }) {
  let query = usersByName(db, q.name);
  if (eligible) query = query.where((eb) => eligibleCondition(eb, eligible.step, eligible.scope));
  return keysetPaginate(db, query, (page) => selectUserSummary(page, lang), APPROVER_ORDER, q);
}
