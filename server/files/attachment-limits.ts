import type { Kysely } from 'kysely';
import { widgetOf, widgetValue, type AttachmentKind, type CompiledModule, type FormData, type Translate, type UiSchema, type Violation } from '../../src/engine';
import { formatFileSize } from '../../src/engine/files/format-file-size';
import type { Database } from '../db/database';

interface Uploader {
  field: string;
  documentType: string;
  kind: AttachmentKind;
  /** The widget's own `ui:options.maxFiles` (at most the kind's; the form enforces it). */
  maxFiles?: number;
}

/** The top-level upload fields of one (sub-)form with the attachment kind of its own `attachments/<code>.json`. */
function uploadersOf(module: CompiledModule): Uploader[] {
  const out: Uploader[] = [];
  for (const [field, entry] of Object.entries(module.uiSchema)) {
    if (field.startsWith('ui:') || !entry || typeof entry !== 'object') continue;
    const ui = entry as UiSchema;
    if (widgetValue(widgetOf(ui))?.value !== 'fileRefs') continue;
    const options = (ui['ui:options'] ?? {}) as Record<string, unknown>;
    const documentType = options.documentType;
    const kind = typeof documentType === 'string' ? module.attachments?.[documentType] : undefined;
    if (!kind || typeof documentType !== 'string') continue;
    out.push({ field, documentType, kind, ...(typeof options.maxFiles === 'number' ? { maxFiles: options.maxFiles } : {}) });
  }
  return out;
}

const idsOf = (value: unknown): number[] => (Array.isArray(value) ? value.filter((id): id is number => Number.isInteger(id)) : []);

/**
 * The attachment limits of `attachments/<code>.json` at filing (the upload checks them too, but a
 * body may name any file ids): on one form — the document, or one item of a sub-form — at most
 * `maxFiles` distinct files of each kind (and at most the field's own `ui:options.maxFiles`), and
 * no file above the kind's `maxBytes`. Violations at the field (`purchase_goods[0].purchase_goods_photo`)
 * or the file (`…[2]`).
 */
export async function attachmentLimitViolations(
  db: Kysely<Database>, module: CompiledModule, data: FormData, t: Translate, label: (path: string) => string,
): Promise<Violation[]> {
  const forms: Array<{ module: CompiledModule; data: Record<string, unknown>; path: string }> = [{ module, data, path: '' }];
  for (const { field, form } of module.meta.subForms) {
    const sub = module.subForms[form];
    const items = data[field];
    if (sub && Array.isArray(items)) items.forEach((item, i) => { if (item && typeof item === 'object') forms.push({ module: sub, data: item as Record<string, unknown>, path: `${field}[${i}].` }); });
  }
  const checks = forms.flatMap((f) => uploadersOf(f.module).map((u) => ({ ...u, form: f, ids: idsOf(f.data[u.field]) }))).filter((c) => c.ids.length);
  if (!checks.length) return [];
  const allIds = [...new Set(checks.flatMap((c) => c.ids))];
  const files = new Map((await db.selectFrom('files').select(['id', 'name', 'size']).where('id', 'in', allIds).execute()).map((f) => [f.id, f]));

  const out: Violation[] = [];
  const violation = (propertyPath: string, messageKey: string, params: Record<string, unknown>): Violation =>
    ({ propertyPath, message: t(messageKey, params), field: propertyPath.split(/[.[]/)[0], messageKey });
  // Distinct files per kind on each form.
  const perKind = new Map<string, { ids: Set<number>; max: number; path: string; field: string }>();
  for (const c of checks) {
    const path = `${c.form.path}${c.field}`;
    const fieldLabel = label(path.replace(/\[(\d+)\]/g, '.$1'));
    const fieldMax = Math.min(c.kind.maxFiles, c.maxFiles ?? Infinity);
    if (new Set(c.ids).size > fieldMax) out.push(violation(path, 'server.files.tooManyOfKind', { field: fieldLabel, max: fieldMax }));
    const key = `${c.form.path}|${c.documentType}`;
    const entry = perKind.get(key) ?? { ids: new Set<number>(), max: c.kind.maxFiles, path, field: fieldLabel };
    c.ids.forEach((id) => entry.ids.add(id));
    perKind.set(key, entry);
    c.ids.forEach((id, i) => {
      const file = files.get(id);
      if (file && file.size > c.kind.maxBytes) {
        out.push(violation(`${path}[${i}]`, 'server.files.tooLargeForKind', { name: file.name, field: fieldLabel, max: formatFileSize(c.kind.maxBytes) }));
      }
    });
  }
  for (const entry of perKind.values()) {
    if (entry.ids.size > entry.max && !out.some((v) => v.propertyPath === entry.path && v.messageKey === 'server.files.tooManyOfKind')) {
      out.push(violation(entry.path, 'server.files.tooManyOfKind', { field: entry.field, max: entry.max }));
    }
  }
  return out;
}
