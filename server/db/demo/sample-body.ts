import type { CompiledModule, FormData, JsonSchema, UiSchema } from '../../../src/engine';
import { isWrapperField } from '../../../src/engine';
import type { Prng } from './prng';

/** Master data ids a generated body may point at, per company where the data is per company. */
export interface SampleRefs {
  currencies: number[];
  departments: Map<number, number[]>;
  bankAccounts: Map<number, number[]>;
  expenseAccounts: Map<number, number[]>;
  financeUsers: Map<number, number[]>;
  /** Code lists by table name. */
  codeLists: Record<string, number[]>;
  contractItemTypes: number[];
}

/** What the body is filled for: the document's company and day. */
export interface SampleContext {
  companyId: number;
  date: string;
  stampNo: string | null;
  /** Dates fall up to this many days after `date` (default 60; 0: on `date`). */
  spreadDays?: number;
}

const WORDS = ['office', 'supplies', 'travel', 'laptop', 'service', 'monthly', 'client', 'Tokyo', 'Shanghai', 'review', 'licence', 'maintenance'];

/**
 * Picks an id for a picker widget. Keyed by the widget a definition names (the renderer's
 * vocabulary), never by a module: a new module using these widgets gets realistic data for free.
 */
function pickerValue(widget: string, refs: SampleRefs, ctx: SampleContext, rng: Prng): unknown {
  const one = (ids: number[] | undefined) => (ids && ids.length ? rng.pick(ids) : null);
  switch (widget) {
    case 'CompanyPicker': return ctx.companyId;
    case 'DepartmentPicker': return one(refs.departments.get(ctx.companyId));
    case 'CurrencyPicker': return one(refs.currencies);
    case 'BankAccountPicker': return one(refs.bankAccounts.get(ctx.companyId));
    case 'ExpenseAccountPicker': return one(refs.expenseAccounts.get(ctx.companyId));
    case 'FrequencyPicker': return one(refs.codeLists.contract_frequencies);
    case 'SealTypePicker': return one(refs.codeLists.corporate_seal_types);
    case 'EvidenceTypePicker': return one(refs.codeLists.collection_sales_evidence_types);
    case 'ContractTypePicker': return one(refs.contractItemTypes);
    case 'FinanceUsersPicker': {
      const finance = refs.financeUsers.get(ctx.companyId) ?? [];
      return finance.length && rng.chance(0.1) ? [rng.pick(finance)] : [];
    }
    case 'NextStampNumber': return ctx.stampNo;
    default: return undefined;
  }
}

const typesOf = (schema: JsonSchema): string[] => {
  const type = schema.type;
  return Array.isArray(type) ? (type as string[]) : typeof type === 'string' ? [type] : [];
};

function text(rng: Prng, maxLength: number | undefined): string {
  const words = Array.from({ length: rng.int(1, 4) }, () => rng.pick(WORDS)).join(' ');
  return maxLength ? words.slice(0, maxLength) : words;
}

function shiftDate(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A value for one field from its schema and UI schema entry; undefined leaves the field out. */
function sampleField(
  name: string, schema: JsonSchema, ui: UiSchema, module: CompiledModule, refs: SampleRefs, ctx: SampleContext, rng: Prng,
): unknown {
  const widget = typeof ui['ui:widget'] === 'string' ? (ui['ui:widget'] as string) : undefined;
  const options = (ui['ui:options'] ?? {}) as Record<string, unknown>;
  if (widget === 'hidden') return schema.default;
  if (widget) {
    const picked = pickerValue(widget, refs, ctx, rng);
    if (picked !== undefined) return picked;
  }
  const types = typesOf(schema);
  if (types.includes('object') && schema.properties && schema.default !== null) {
    return sampleObject(module, schema, ui, refs, ctx, rng);
  }
  if (types.includes('array')) {
    const items = (schema.items ?? {}) as JsonSchema;
    const subCode = typeof options.subForm === 'string' ? options.subForm : undefined;
    const sub = subCode ? module.subForms[subCode] : undefined;
    if (sub) return Array.from({ length: rng.int(1, 4) }, (_, index) => ({ index, ...sampleObject(sub, sub.schema, sub.uiSchema, refs, ctx, rng) }));
    const choices = (items.enum as unknown[] | undefined)?.filter((v) => v !== null);
    if (choices?.length) return [rng.pick(choices)];
    return []; // files, user ids and other id lists stay empty
  }
  const choices = (schema.enum as unknown[] | undefined)?.filter((v) => v !== null);
  if (choices?.length) return rng.pick(choices);
  // A field whose valid values random text cannot hit (a registration number's check digit) lists examples in its schema.
  const examples = (schema.examples as unknown[] | undefined)?.filter((v) => v !== null);
  if (examples?.length) return rng.pick(examples);
  if (widget === 'date' || widget === 'maskedDate' || /date/.test(name)) return shiftDate(ctx.date, rng.int(0, ctx.spreadDays ?? 60));
  if (types.includes('boolean')) return rng.chance(0.3);
  if (types.includes('integer')) return types.includes('null') ? null : rng.int(1, 12);
  if (types.includes('number')) return Math.round(rng.int(100, 500_000) / 10) * 10;
  if (types.includes('string')) return text(rng, schema.maxLength as number | undefined);
  return schema.default;
}

function sampleObject(
  module: CompiledModule, schema: JsonSchema, ui: UiSchema, refs: SampleRefs, ctx: SampleContext, rng: Prng,
): FormData {
  const out: FormData = {};
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  for (const [name, field] of Object.entries(properties)) {
    if (module.kind === 'module' && isWrapperField(name)) continue;
    const value = sampleField(name, field, (ui[name] ?? {}) as UiSchema, module, refs, ctx, rng);
    if (value !== undefined) out[name] = value;
  }
  return out;
}

/**
 * A plausible body (flat form data, before computed fields) for any module, derived from its
 * compiled schema and UI schema: pickers point at real master data of the document's company,
 * dates fall near the document's day, item lists get 1–4 items of their sub-form.
 */
export function sampleBody(module: CompiledModule, refs: SampleRefs, ctx: SampleContext, rng: Prng): FormData {
  return sampleObject(module, module.schema, module.uiSchema, refs, ctx, rng);
}
