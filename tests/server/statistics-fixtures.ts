import type { Kysely } from 'kysely';
import type { StatisticFacts } from '../../src/engine';
import type { Database } from '../../server/db/database';
import { readDefinitionSet } from '../../server/definitions/definition-store';
import { statisticFacts } from '../../server/statistics/facts';
import { FileStorage } from '../../server/files/file-storage';

/** Modules by what their statistics facts offer (derived from the definitions, never named). */
export async function factModules() {
  const facts = statisticFacts(await readDefinitionSet(undefined, { check: false }));
  const pick = (test: (f: StatisticFacts) => boolean) => [...facts].filter(([, f]) => test(f)).map(([code, f]) => ({ code, facts: f }));
  return {
    all: [...facts.keys()],
    withAmountVendorDate: pick((f) => Boolean(f.amount && f.vendor?.length && f.paymentDate?.length)),
    withoutAmount: pick((f) => !f.amount),
    withInvoices: pick((f) => Boolean(f.invoices)),
    withExport: pick((f) => f.export === true),
    withProjection: pick((f) => Boolean(f.projection)),
  };
}

/** Merges `value` into `target` at a statistics path (`a.b`, `items[].c`): one item when the path has `[]`. */
export function setAtPath(target: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const [head, tail] = path.split('[]');
  const keys = head.split('.');
  let node = target;
  for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
  const last = keys[keys.length - 1];
  if (tail === undefined) { node[last] = value; return target; }
  const items = (node[last] ??= [{}]) as Record<string, unknown>[];
  setAtPath(items[0], tail.replace(/^\./, ''), value);
  return target;
}

export interface DocOptions {
  module: string; requester: number; company: number; code: string; data?: Record<string, unknown>;
  createdAt?: string; completedAt?: string | null; status?: number;
}

/** Inserts a filed document (no steps) as the statistics see it. */
export async function insertStatDoc(db: Kysely<Database>, o: DocOptions): Promise<number> {
  const row = await db.insertInto('buffers').values({
    code: o.code, module_code: o.module, requester_id: o.requester, company_id: o.company, data: JSON.stringify(o.data ?? {}),
    definition_version: 'test', user_finances: '[]', status: o.status ?? 0,
    ...(o.createdAt ? { created_at: o.createdAt, updated_at: o.createdAt } : {}),
    completed_at: o.completedAt ?? null,
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Stores a file for `uploader` and returns its id. */
export async function insertFile(db: Kysely<Database>, dataDir: string, uploader: number, name: string, bytes: Buffer, mime = 'application/pdf', documentType = 'e-invoice'): Promise<number> {
  const key = await new FileStorage(dataDir).save(bytes);
  const row = await db.insertInto('files').values({
    name, mime_type: mime, size: bytes.length, document_type: documentType, storage_key: key, sha256: 'x', uploader_id: uploader,
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}
