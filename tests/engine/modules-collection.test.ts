/**
 * Definition facts the collection forms (spec 001 §2, §3, §5) rely on, checked over EVERY module
 * that declares them — the module list comes from the definitions, never from this file:
 * related approvals name the list that serves them, `ui:module.resetKeeps` names fields of the
 * form, a company change clears the department where a rule says so, uploads name an attachment
 * kind of their module, and a module without a body key files its form beside the wrapper.
 */
import { describe, expect, it } from 'vitest';
import { buildSubmitPayload, createRuntime, isWrapperField, type CompiledModule } from '../../src/engine';
import { readDefinitionSet } from '../../server/definitions/definition-store';

const { modules } = await readDefinitionSet(undefined, { check: false });
const forms = Object.values(modules).filter((m): m is CompiledModule => m.kind === 'module');
const uiOf = (m: CompiledModule) => Object.entries(m.uiSchema) as Array<[string, { 'ui:widget'?: string; 'ui:options'?: Record<string, unknown> } | undefined]>;

const relatedPickers = forms.flatMap((m) => uiOf(m).filter(([, ui]) => ui?.['ui:widget'] === 'RelatedApprovalPicker').map(([field, ui]) => [m.code, field, ui!['ui:options'] ?? {}] as const));
const keepers = forms.filter((m) => m.meta.resetKeeps?.length);
const clearsDepartment = forms.filter((m) => (m.rules.effects ?? []).some((e) => e.on === 'company_id' && e.set && 'department_id' in e.set && e.set.department_id === null));
const uploaders = forms.flatMap((m) => uiOf(m).filter(([, ui]) => ui?.['ui:widget'] === 'FileUploader').map(([field, ui]) => [m.code, field, String(ui!['ui:options']?.documentType)] as const));
const flatBodies = forms.filter((m) => m.meta.bodyKey === null);

describe('facts the collection forms rely on, over every module that declares them', () => {
  it('the definitions declare each fact somewhere (so every case below runs)', () => {
    expect([relatedPickers.length, keepers.length, clearsDepartment.length, uploaders.length, flatBodies.length].every((n) => n > 0)).toBe(true);
  });

  it.each(relatedPickers)('%s.%s: the related approval names its source module and the list that serves it', (code, _field, options) => {
    const source = modules[String(options.source)];
    expect(source?.kind).toBe('module');
    expect(modules[code].meta.relatedApprovalSource).toBe(source.code);
    expect(options.relatedList).toBe(source.meta.relatedAs?.list);
  });

  it.each(keepers.map((m) => [m.code, m] as const))('%s: resetKeeps names fields of its form', (_code, module) => {
    for (const field of module.meta.resetKeeps!) expect(Object.keys(module.schema.properties ?? {})).toContain(field);
  });

  it.each(clearsDepartment.map((m) => [m.code, m] as const))('%s: selecting a company clears the department and keeps the rest', (_code, module) => {
    const prev = { company_id: 1, department_id: 2, currency_id: 1 };
    expect(createRuntime(module).applyChange(prev, { ...prev, company_id: 3 })).toMatchObject({ company_id: 3, department_id: null, currency_id: 1 });
  });

  it.each(uploaders)('%s.%s uploads as %s, an attachment kind of its module', (code, _field, documentType) => {
    expect(Object.keys(modules[code].attachments ?? {})).toContain(documentType);
  });

  it.each(flatBodies.map((m) => [m.code, m] as const))('%s: with no body key the form sits beside the wrapper', (_code, module) => {
    const fields = Object.keys(module.schema.properties ?? {}).filter((f) => !isWrapperField(f));
    const form = Object.fromEntries(fields.slice(0, 3).map((f, i) => [f, `value-${i}`]));
    const payload = buildSubmitPayload(module, { ...form, approvals: [{ approver_id: 4, master_process_id: 1 }] }) as Record<string, unknown>;
    for (const [field, value] of Object.entries(form)) expect(payload[field]).toEqual(value);
    expect(payload.approvals).toEqual([{ approver_id: 4, master_process_id: 1 }]);
  });
});
