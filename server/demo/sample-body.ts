import type { CompiledModule, FormData, JsonSchema, UiSchema } from '../../src/engine';
import { isWrapperField } from '../../src/engine';
import type { SampleContent } from './demo-content';
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
  /** The contract item types with their code and the module they belong to (when known). */
  contractTypes?: Array<{ id: number; code: string; module: string }>;
}

/** What the body is filled for: the document's company and day. */
export interface SampleContext {
  companyId: number;
  date: string;
  stampNo: string | null;
  /** Dates fall up to this many days after `date` (default 60; 0: on `date`). */
  spreadDays?: number;
  /** The currency the document is filed in (default: a random one). */
  currencyId?: number;
  /** The filing day (`YYYY-MM-DD`): the content's date offsets count from it (default `date`). */
  filedOn?: string;
  /** What the texts, amounts, list lengths and dates say (the demo's words); absent: the generator's defaults. */
  content?: SampleContent;
}

/** Where a field sits: the form (module or sub-form) and its path in that form's data. */
interface FieldPlace { module: CompiledModule; path: string[] }

const keyOf = (place: FieldPlace) => `${place.module.code}.${place.path.join('.')}`;

const WORDS = ['office', 'supplies', 'travel', 'laptop', 'service', 'monthly', 'client', 'Tokyo', 'Shanghai', 'review', 'licence', 'maintenance'];

/**
 * Picks an id for a picker widget. Keyed by the widget a definition names (the renderer's
 * vocabulary), never by a module: a new module using these widgets gets realistic data for free.
 */
function pickerValue(widget: string, refs: SampleRefs, ctx: SampleContext, rng: Prng, module: CompiledModule): unknown {
  const one = (ids: number[] | undefined) => (ids && ids.length ? rng.pick(ids) : null);
  switch (widget) {
    case 'CompanyPicker': return ctx.companyId;
    case 'DepartmentPicker': return one(refs.departments.get(ctx.companyId));
    case 'CurrencyPicker': return ctx.currencyId ?? one(refs.currencies);
    case 'BankAccountPicker': return one(refs.bankAccounts.get(ctx.companyId));
    case 'ExpenseAccountPicker': return one(refs.expenseAccounts.get(ctx.companyId));
    case 'FrequencyPicker': return one(refs.codeLists.contract_frequencies);
    case 'SealTypePicker': return one(refs.codeLists.corporate_seal_types);
    case 'EvidenceTypePicker': return one(refs.codeLists.collection_sales_evidence_types);
    case 'ContractTypePicker': {
      const own = refs.contractTypes?.filter((t) => t.module === module.code);
      return own?.length ? rng.pick(own).id : one(refs.contractItemTypes);
    }
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
  name: string, schema: JsonSchema, ui: UiSchema, place: FieldPlace, refs: SampleRefs, ctx: SampleContext, rng: Prng,
): unknown {
  const { module } = place;
  const widget = typeof ui['ui:widget'] === 'string' ? (ui['ui:widget'] as string) : undefined;
  const options = (ui['ui:options'] ?? {}) as Record<string, unknown>;
  if (widget === 'hidden') return schema.default;
  if (widget) {
    const picked = pickerValue(widget, refs, ctx, rng, module);
    if (picked !== undefined) return picked;
  }
  const types = typesOf(schema);
  if (types.includes('object') && schema.properties && schema.default !== null) {
    return sampleObject(place, schema, ui, refs, ctx, rng);
  }
  if (types.includes('array')) {
    const items = (schema.items ?? {}) as JsonSchema;
    const subCode = typeof options.subForm === 'string' ? options.subForm : undefined;
    const sub = subCode ? module.subForms[subCode] : undefined;
    if (sub) {
      const [min, max] = ctx.content?.count(keyOf(place)) ?? [1, 4];
      return Array.from({ length: rng.int(min, max) }, (_, index) => ({ index, ...sampleObject({ module: sub, path: [] }, sub.schema, sub.uiSchema, refs, ctx, rng) }));
    }
    const choices = (items.enum as unknown[] | undefined)?.filter((v) => v !== null);
    if (choices?.length) return [rng.pick(choices)];
    // A list of texts (document names) gets one when the content has words for it.
    const words = typesOf(items).includes('string') ? ctx.content?.text(keyOf(place), items.maxLength as number | undefined) : undefined;
    return typeof words === 'string' ? [words] : []; // files, user ids and other id lists stay empty
  }
  const choices = (schema.enum as unknown[] | undefined)?.filter((v) => v !== null);
  if (choices?.length) return rng.pick(choices);
  if (widget === 'date' || widget === 'maskedDate' || /date/.test(name)) {
    const offsets = ctx.content?.dateOffsets(keyOf(place));
    return offsets ? shiftDate(ctx.filedOn ?? ctx.date, rng.int(offsets[0], offsets[1])) : shiftDate(ctx.date, rng.int(0, ctx.spreadDays ?? 60));
  }
  // The content's words and amounts (the requester's language and currency) before the generic defaults.
  if (types.includes('string') && ctx.content) {
    const given = ctx.content.text(keyOf(place), schema.maxLength as number | undefined);
    if (given !== undefined && !(given === null && !types.includes('null'))) return given;
  }
  if ((types.includes('number') || types.includes('integer')) && ctx.content) {
    const given = ctx.content.number(keyOf(place));
    if (given !== undefined && !(given === null && !types.includes('null'))) return given;
  }
  // A field whose valid values random text cannot hit (a registration number's check digit) lists examples in its schema.
  const examples = (schema.examples as unknown[] | undefined)?.filter((v) => v !== null);
  if (examples?.length) return rng.pick(examples);
  if (types.includes('boolean')) return rng.chance(0.3);
  if (types.includes('integer')) return types.includes('null') ? null : rng.int(1, 12);
  if (types.includes('number')) return Math.round(rng.int(100, 500_000) / 10) * 10;
  if (types.includes('string')) return text(rng, schema.maxLength as number | undefined);
  return schema.default;
}

function sampleObject(
  place: FieldPlace, schema: JsonSchema, ui: UiSchema, refs: SampleRefs, ctx: SampleContext, rng: Prng,
): FormData {
  const out: FormData = {};
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  for (const [name, field] of Object.entries(properties)) {
    if (place.module.kind === 'module' && isWrapperField(name)) continue;
    const value = sampleField(name, field, (ui[name] ?? {}) as UiSchema, { module: place.module, path: [...place.path, name] }, refs, ctx, rng);
    if (value !== undefined) out[name] = value;
  }
  // After every field: a hidden field the picker fills would otherwise get its default back.
  for (const name of Object.keys(properties)) alsoSet((ui[name] ?? {}) as UiSchema, out[name], refs, out);
  return out;
}

/**
 * A picker's `ui:options.alsoSet` (`{ "contract_item_type_code": "code" }`): the form fields the
 * picker fills from the picked item, as the renderer's picker does.
 */
function alsoSet(ui: UiSchema, value: unknown, refs: SampleRefs, out: FormData): void {
  const also = ((ui['ui:options'] ?? {}) as { alsoSet?: Record<string, string> }).alsoSet;
  if (!also || ui['ui:widget'] !== 'ContractTypePicker') return;
  const picked = refs.contractTypes?.find((t) => t.id === value) as Record<string, unknown> | undefined;
  if (!picked) return;
  for (const [field, property] of Object.entries(also)) if (picked[property] !== undefined) out[field] = picked[property];
}

/**
 * A plausible body (flat form data, before computed fields) for any module, derived from its
 * compiled schema and UI schema: pickers point at real master data of the document's company,
 * dates fall near the document's day, item lists get 1–4 items of their sub-form.
 */
export function sampleBody(module: CompiledModule, refs: SampleRefs, ctx: SampleContext, rng: Prng): FormData {
  return sampleObject({ module, path: [] }, module.schema, module.uiSchema, refs, ctx, rng);
}
