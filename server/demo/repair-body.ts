import type { CompiledModule, FormData, UiSchema, Violation } from '../../src/engine';

/** Splits `items[0].files` into `['items', 0, 'files']`. */
function segments(path: string): Array<string | number> {
  return path.split('.').flatMap((part) => {
    const match = /^([^[]+)((?:\[\d+\])*)$/.exec(part);
    if (!match) return [part];
    return [match[1], ...[...match[2].matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]))];
  });
}

/** The UI schema entry of a data path, following item lists into their sub-form. */
function uiAt(module: CompiledModule, path: Array<string | number>): UiSchema | undefined {
  let ui: UiSchema | undefined = module.uiSchema;
  let form = module;
  for (const step of path) {
    if (typeof step === 'number' || !ui) continue;
    const entry = ui[step] as UiSchema | undefined;
    const sub = (entry?.['ui:options'] as Record<string, unknown> | undefined)?.subForm;
    if (typeof sub === 'string' && form.subForms[sub]) {
      form = form.subForms[sub];
      ui = form.uiSchema;
    } else ui = entry;
  }
  return ui;
}

/**
 * Repairs what random data cannot guess. Where a body breaks a rule only because a file upload is empty (a plan or receipt the module
 * requires), puts one generated file there. `newFile(documentType)` returns the file's id.
 * A group of check boxes a rule flags is ticked. Returns how many fields were changed; the rules
 * decide what is required, not this code.
 */
export function repairBody(
  module: CompiledModule, data: FormData, violations: Violation[], newFile: (documentType: string) => number,
): number {
  let added = 0;
  for (const violation of violations) {
    const path = segments(violation.propertyPath);
    const ui = uiAt(module, path);
    let target: Record<string | number, unknown> = data;
    for (const step of path.slice(0, -1)) target = (target?.[step] ?? {}) as Record<string | number, unknown>;
    const field = path[path.length - 1];
    const current = target[field];
    // A group of check boxes the rules want ticked (agreements): tick them all.
    if (current && typeof current === 'object' && !Array.isArray(current) && Object.values(current).every((v) => typeof v === 'boolean')) {
      for (const key of Object.keys(current)) (current as Record<string, boolean>)[key] = true;
      added++;
      continue;
    }
    if (ui?.['ui:widget'] !== 'FileUploader') continue;
    if (Array.isArray(current) && current.length > 0) continue;
    const documentType = ((ui['ui:options'] ?? {}) as Record<string, unknown>).documentType;
    target[field] = [newFile(typeof documentType === 'string' ? documentType : 'other')];
    added++;
  }
  return added;
}

/** The document type a file field's uploads get (`ui:options.documentType`; a paper by default). */
export function documentTypeOf(module: CompiledModule, field: string): string {
  const options = (module.uiSchema[field] as { 'ui:options'?: { documentType?: unknown } } | undefined)?.['ui:options'];
  return typeof options?.documentType === 'string' ? options.documentType : 'app-paper';
}

/**
 * The invoice fields of a module (`statistics.invoices`: e-invoices and papers) that are empty in
 * `data`, with the document type their upload gets: generated documents carry an e-invoice and a
 * receipt there, so they are electronic records (docs/COMPLIANCE.md) as real filings are.
 */
export function emptyInvoiceFields(module: CompiledModule, data: FormData): Array<{ field: string; documentType: string }> {
  const invoices = module.meta.statistics?.invoices;
  return (invoices ? [invoices.einvoices, invoices.papers] : [])
    .filter((field) => !Array.isArray(data[field]) || !(data[field] as unknown[]).length)
    .map((field) => ({ field, documentType: documentTypeOf(module, field) }));
}
