import type { JsonSchema, RecordFacts, RecordFields } from '../types';
import { dataPath, fieldName } from './data-path-schemas';
import { JOURNAL_FACT_SCHEMA, journalFactPaths } from '../journals/journal-facts';

/**
 * What the statistics area may know of a module's data — one descriptor per fact of
 * `ui:module.statistics` (amount, vendor, payment dates, invoices, export, projection, stamp,
 * records), the single table its consumers read: the definition meta-schema (which facts a module
 * may state and their shape), the checker (every data path a fact names starts at a field of the
 * form) and the server's indexed search (`statistic_paths`: the paths it keeps per path kind, which
 * `ringi_stats_fill` reads into the statistics rows). Adding a fact is one `registerStatisticFact`
 * entry; a fact feeding an existing path kind (another vendor-like name, another payment date) is
 * searched and reported with no other edit.
 */

/** A path a fact names and where it sits under `ui:module.statistics` (its JSON-pointer parts). */
export type FactPath = [path: string, at: Array<string | number>];

/** The kinds of `statistic_paths` rows (the table's check constraint; each fills a statistics column). */
export type StatisticPathKind = 'amount' | 'vendor' | 'payment_date' | 'projection_paid';

export interface StatisticFactDescriptor {
  /** The key under `ui:module.statistics`. */
  key: string;
  /** The JSON schema of its value (the meta-schema's). */
  schema: JsonSchema;
  /** The data paths the value names (the checker: each path's first field must be the form's). */
  paths(value: unknown): FactPath[];
  /**
   * The paths the server indexes for it (`statistic_paths`): their kind, and whether a path is one
   * field read whole (split on dots only) or may cross one item array (`items[].date`).
   */
  indexed?: { kind: StatisticPathKind; whole: boolean; paths(value: unknown): string[] };
}

const list = (value: unknown): string[] => (Array.isArray(value) ? value.filter((p): p is string => typeof p === 'string') : []);
const listed = (value: unknown): FactPath[] => list(value).map((p, i) => [p, [i]]);
const one = (value: unknown): FactPath[] => (typeof value === 'string' ? [[value, []]] : []);

const RECORD_FIELDS = {
  date: { type: 'array', items: dataPath, maxItems: 10 },
  amount: fieldName,
  currency: fieldName,
  counterparty: { type: 'array', items: dataPath, maxItems: 10 },
  registrationNo: { type: 'array', items: dataPath, maxItems: 10 },
};

function recordPaths(records: RecordFacts | undefined): FactPath[] {
  if (!records || typeof records !== 'object') return [];
  const of = (fields: RecordFields, at: Array<string | number>): FactPath[] => [
    ...list(fields.date).map((p, i): FactPath => [p, [...at, 'date', i]]),
    ...(typeof fields.amount === 'string' ? [[fields.amount, [...at, 'amount']] as FactPath] : []),
    ...(typeof fields.currency === 'string' ? [[fields.currency, [...at, 'currency']] as FactPath] : []),
    ...list(fields.counterparty).map((p, i): FactPath => [p, [...at, 'counterparty', i]]),
    ...list(fields.registrationNo).map((p, i): FactPath => [p, [...at, 'registrationNo', i]]),
  ];
  return [...of(records, []), ...Object.entries(records.kinds ?? {}).flatMap(([kind, fields]) => of(fields, ['kinds', kind]))];
}

const BUILT_IN: StatisticFactDescriptor[] = [
  // The document's amount: one number field, never inside an item array (`numberAt` splits on dots only).
  { key: 'amount', schema: fieldName, paths: one, indexed: { kind: 'amount', whole: true, paths: (v) => one(v).map(([p]) => p) } },
  { key: 'vendor', schema: { type: 'array', items: dataPath, maxItems: 10 }, paths: listed, indexed: { kind: 'vendor', whole: false, paths: list } },
  { key: 'paymentDate', schema: { type: 'array', items: dataPath, maxItems: 10 }, paths: listed, indexed: { kind: 'payment_date', whole: false, paths: list } },
  {
    key: 'invoices', paths: () => [],
    schema: { type: 'object', required: ['einvoices', 'papers'], additionalProperties: false, properties: { einvoices: fieldName, papers: fieldName } },
  },
  { key: 'export', schema: { type: 'boolean' }, paths: () => [] },
  {
    key: 'projection', paths: () => [],
    schema: {
      type: 'object', required: ['items', 'date', 'amount', 'account', 'paid'], additionalProperties: false,
      properties: { items: fieldName, date: fieldName, amount: fieldName, account: fieldName, paid: fieldName },
    },
    // The paid-date field, read like `data #>> path` (projection.ts).
    indexed: { kind: 'projection_paid', whole: true, paths: (v) => (v && typeof (v as { paid?: unknown }).paid === 'string' ? [(v as { paid: string }).paid] : []) },
  },
  {
    key: 'stamp',
    schema: { type: 'object', required: ['party'], additionalProperties: false, properties: { party: fieldName, contractDate: fieldName } },
    paths: (v) => {
      const stamp = (v ?? {}) as { party?: unknown; contractDate?: unknown };
      return [...one(stamp.party).map(([p]): FactPath => [p, ['party']]), ...one(stamp.contractDate).map(([p]): FactPath => [p, ['contractDate']])];
    },
  },
  {
    key: 'records',
    schema: {
      type: 'object', additionalProperties: false,
      properties: {
        ...RECORD_FIELDS,
        kinds: { type: 'object', propertyNames: { pattern: '^[a-z][a-z0-9-]{0,63}$' }, additionalProperties: { type: 'object', additionalProperties: false, properties: RECORD_FIELDS } },
      },
    },
    paths: (v) => recordPaths(v as RecordFacts | undefined),
  },
  // The module moves money: a decided document becomes a journal (src/engine/journals, issue 35).
  { key: 'journal', schema: JOURNAL_FACT_SCHEMA, paths: journalFactPaths },
];

const facts = new Map<string, StatisticFactDescriptor>(BUILT_IN.map((f) => [f.key, f]));
let version = 0;

/**
 * The meta-schema's `properties` of `ui:module.statistics`: a live object (kept by
 * `registerStatisticFact`), so the checker's meta-schema knows a fact registered later.
 */
export const STATISTIC_FACT_SCHEMAS: Record<string, JsonSchema> = {};
const sync = () => {
  for (const key of Object.keys(STATISTIC_FACT_SCHEMAS)) delete STATISTIC_FACT_SCHEMAS[key];
  for (const f of facts.values()) STATISTIC_FACT_SCHEMAS[f.key] = f.schema;
  version++;
};
sync();

/** Changes whenever the table does (a cached meta-schema validator compiled before is stale). */
export function statisticFactsVersion(): number {
  return version;
}

/** Every statistics fact, built-in first. */
export function statisticFactDescriptors(): StatisticFactDescriptor[] {
  return [...facts.values()];
}

/** Every data path a module's statistics facts name, with its pointer parts under `ui:module.statistics`. */
export function statisticFactPaths(statistics: object | undefined): FactPath[] {
  return Object.entries(statistics ?? {}).flatMap(([key, value]) => (facts.get(key)?.paths(value) ?? []).map(([path, at]): FactPath => [path, [key, ...at]]));
}

/** The indexed paths of a module's facts, by path kind, in table order (a kind fed by several facts: one after the other). */
export function indexedStatisticPaths(statistics: object | undefined): Array<{ kind: StatisticPathKind; whole: boolean; path: string }> {
  const values = (statistics ?? {}) as Record<string, unknown>;
  return statisticFactDescriptors().flatMap((f) => (f.indexed && values[f.key] !== undefined
    ? f.indexed.paths(values[f.key]).map((path) => ({ kind: f.indexed!.kind, whole: f.indexed!.whole, path }))
    : []));
}

/**
 * Adds a statistics fact (an extension, or a test's toy fact); answers a function that removes it
 * again. A key already known is refused: built-in facts are not replaced.
 */
export function registerStatisticFact(descriptor: StatisticFactDescriptor): () => void {
  if (facts.has(descriptor.key)) throw new Error(`statistics fact "${descriptor.key}" is already registered`);
  facts.set(descriptor.key, descriptor);
  sync();
  return () => { facts.delete(descriptor.key); sync(); };
}
