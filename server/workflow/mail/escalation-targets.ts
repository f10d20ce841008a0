import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';
import { activeDeputies } from '../people/deputies';

/** Whom a step is offered to when it waited too long (`reminder.escalateTo` of a process step). */
export type EscalationTarget = 'manager' | 'deputy';

/**
 * Resolves, for each approver, the people a waiting step of theirs is offered to on `at`
 * (the document's `moduleCode`: a deputy may act for some modules only). Approvers without a
 * target are absent from the map.
 */
export type EscalationResolver = (db: Kysely<Database>, approverIds: number[], at: Date, moduleCode: string) => Promise<Map<number, number[]>>;

/** The approver's manager (`users.manager_id`, migration 0910), if enabled. */
async function managersOf(db: Kysely<Database>, approverIds: number[]): Promise<Map<number, number[]>> {
  if (approverIds.length === 0) return new Map();
  const rows = await db.selectFrom('users as u').innerJoin('users as m', 'm.id', 'u.manager_id')
    .select(['u.id', 'm.id as manager_id'])
    .where('u.id', 'in', approverIds).where('m.disabled', '=', false)
    .execute();
  return new Map(rows.map((r) => [r.id, [r.manager_id]]));
}

/** The approver's deputies in effect on `at` for the module (代理, `deputies.ts`). */
async function deputiesOf(db: Kysely<Database>, approverIds: number[], at: Date, moduleCode: string): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  for (const id of approverIds) out.set(id, await activeDeputies(db, id, moduleCode, at));
  return out;
}

/** The resolvers by target. */
const resolvers: Record<EscalationTarget, EscalationResolver> = {
  manager: (db, ids) => managersOf(db, ids),
  deputy: deputiesOf,
};

/** Replaces how a target is resolved (another kind of target, or a test). */
export function setEscalationResolver(target: EscalationTarget, resolver: EscalationResolver): void {
  resolvers[target] = resolver;
}

/**
 * The people a step waiting for `approverIds` is offered to: the union of each approver's
 * targets, in order, without repeats and without the approvers themselves.
 */
export async function escalationTargets(db: Kysely<Database>, target: EscalationTarget, approverIds: number[], at: Date, moduleCode: string): Promise<number[]> {
  const byApprover = await resolvers[target](db, approverIds, at, moduleCode);
  const out: number[] = [];
  for (const id of approverIds) {
    for (const t of byApprover.get(id) ?? []) if (!approverIds.includes(t) && !out.includes(t)) out.push(t);
  }
  return out;
}
