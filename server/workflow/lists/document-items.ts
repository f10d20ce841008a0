import type { Kysely } from 'kysely';
import type { DefinitionSet, Lang } from '../../../src/engine';
import type { Database } from '../../db/database';
import { localizedName } from '../../lib/localized-name';
import { currencyRows, type CurrencyRow } from '../../repositories/currency-repository';
import type { BufferItem, LastApproval, NamedUser } from '../../../src/wire/workflow';
import { documentInfo } from './document-info';
import { DocumentStatus, StepStatus } from '../core/status';

export type { BufferItem, LastApproval, NamedUser };

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** Currency codes by id from the cached table (`currency-repository.ts`). */
const codesById = (rows: CurrencyRow[]) => new Map(rows.map((c) => [c.id, c.code]));

/** A step of a listed document as `documentItemsWithSteps` reads it (with its process and master process). */
export interface ListedStep {
  id: number;
  buffer_id: number;
  position: number;
  status: number;
  active: boolean;
  approved_at: Date | string | null;
  approver_id: number | null;
  approver_name: string | null;
  master_process_id: number;
  optional: boolean;
  module_code: string;
  process_id: number;
  process_code: string;
  approver_role: string | null;
  process_name: string;
}

/**
 * Builds the list items of the given documents (in the given order) with a fixed number of
 * queries whatever the page size: documents, active and last steps, currencies.
 */
export async function documentItems(db: Kysely<Database>, definitions: DefinitionSet, ids: number[], lang: Lang): Promise<BufferItem[]> {
  return (await documentItemsWithSteps(db, definitions, ids, lang)).items;
}

/**
 * `documentItems`, plus every step of those documents (the approval lists take their step's
 * process from it instead of reading it again). The three reads are independent and run at
 * once on the pool (PGlite queues them): one round trip of latency instead of three.
 */
export async function documentItemsWithSteps(db: Kysely<Database>, definitions: DefinitionSet, ids: number[], lang: Lang): Promise<{ items: BufferItem[]; steps: ListedStep[] }> {
  if (ids.length === 0) return { items: [], steps: [] };
  const [rows, steps, cachedCurrencies] = await Promise.all([
    db.selectFrom('buffers')
      .innerJoin('users as requester', 'requester.id', 'buffers.requester_id')
      .select(['buffers.id', 'buffers.code', 'buffers.status', 'buffers.action', 'buffers.module_code', 'buffers.data',
        'buffers.stamp_no', 'buffers.application_number', 'buffers.decision_number', 'buffers.bypass', 'buffers.urgent', 'buffers.definition_version', 'buffers.created_at', 'buffers.updated_at', 'buffers.completed_at',
        'requester.id as requester_id', 'requester.name as requester_name'])
      .where('buffers.id', 'in', ids)
      .execute(),
    db.selectFrom('approvals')
      .innerJoin('master_processes', 'master_processes.id', 'approvals.master_process_id')
      .innerJoin('processes', 'processes.id', 'master_processes.process_id')
      .leftJoin('users as approver', 'approver.id', 'approvals.approver_id')
      .select(['approvals.id', 'approvals.buffer_id', 'approvals.position', 'approvals.status', 'approvals.active', 'approvals.approved_at',
        'approver.id as approver_id', 'approver.name as approver_name', 'master_processes.id as master_process_id',
        'master_processes.optional', 'master_processes.module_code', 'processes.id as process_id', 'processes.code as process_code',
        'processes.approver_role', localizedName(lang, 'processes').as('process_name')])
      .where('approvals.buffer_id', 'in', ids).where('approvals.voided_at', 'is', null)
      .orderBy('approvals.position')
      .execute() as Promise<ListedStep[]>,
    currencyRows(db),
  ]);
  const currencyOf = (row: { module_code: string; data: unknown }) =>
    ((row.data ?? {}) as Record<string, unknown>)[definitions.modules[row.module_code]?.meta.currencyField ?? 'currency_id'];
  // A currency added since the cache was filled (not through the app: currencies are seeded) is read then.
  let currencies = codesById(cachedCurrencies);
  const unknown = rows.map(currencyOf).find((id) => typeof id === 'number' && !currencies.has(id));
  if (unknown !== undefined) currencies = codesById(await currencyRows(db, unknown));
  const t = definitions.translate(lang);
  const stepsOf = new Map<number, ListedStep[]>();
  for (const step of steps) {
    const own = stepsOf.get(step.buffer_id);
    if (own) own.push(step);
    else stepsOf.set(step.buffer_id, [step]);
  }
  const byId = new Map(rows.map((row) => {
    const own = stepsOf.get(row.id) ?? [];
    const last = own.filter((s) => s.status === StepStatus.DONE).at(-1);
    const active = row.status === DocumentStatus.ON_PROCESS ? own.find((s) => s.active && s.status === StepStatus.PENDING) : undefined;
    const data = (row.data ?? {}) as Record<string, unknown>;
    const item: BufferItem = {
      id: row.id, code: row.code, status: row.status, action: row.action, module: { code: row.module_code },
      requester: { id: row.requester_id, name: row.requester_name },
      info: documentInfo(definitions.modules[row.module_code], row.module_code, data, currencies, t, row.action),
      data, stamp_no: row.stamp_no, application_number: row.application_number, decision_number: row.decision_number, bypass: row.bypass, urgent: row.urgent, definition_version: row.definition_version,
      created_at: iso(row.created_at)!, updated_at: iso(row.updated_at)!, completed_at: iso(row.completed_at),
      last_approval: last ? {
        id: last.id, approved_at: iso(last.approved_at),
        approver: last.approver_id !== null ? { id: last.approver_id, name: last.approver_name! } : null,
        process: { id: last.process_id, code: last.process_code, name: last.process_name },
      } : null,
      // Sent back to the requester: on process with no step active (README.md "Transitions").
      waiting_for: active?.process_name ?? (row.status === 0 && own.some((s) => s.status === StepStatus.PENDING) ? t('server.workflow.withRequester') : null),
    };
    return [row.id, item] as const;
  }));
  return { items: ids.map((id) => byId.get(id)).filter((item): item is BufferItem => item !== undefined), steps };
}
