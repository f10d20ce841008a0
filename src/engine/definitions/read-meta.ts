import type { ModuleMeta, UiSchema } from '../types';

/**
 * Module facts from the UI schema's `ui:module` block, with defaults for what a block may leave
 * out. `subForms` is filled by the compiler from the schema's `$ref`s.
 */
export function readMeta(code: string, uiSchema: UiSchema | undefined): ModuleMeta {
  const raw = (uiSchema?.['ui:module'] ?? {}) as Partial<ModuleMeta>;
  return {
    code,
    kind: raw.kind === 'subform' ? 'subform' : 'module',
    title: raw.title ?? `${code}.title`,
    submitPath: raw.submitPath ?? (raw.kind === 'subform' ? undefined : `/buffer/${code}`),
    editable: raw.editable ?? false,
    hasBypass: raw.hasBypass ?? false,
    // Only when given, so modules without bypass compile (and hash) as before.
    ...(Array.isArray(raw.bypassRoles) ? { bypassRoles: raw.bypassRoles } : {}),
    needsStampNo: raw.needsStampNo ?? false,
    // Only when given, so modules without it compile (and hash) as before.
    ...(raw.allowUrgent === true ? { allowUrgent: true } : {}),
    // Only when given, so modules without it compile (and hash) as before.
    ...(typeof raw.companyField === 'string' ? { companyField: raw.companyField } : {}),
    relatedApprovalSource: raw.relatedApprovalSource,
    bodyKey: typeof raw.bodyKey === 'string' ? raw.bodyKey : null,
    codePrefix: raw.codePrefix,
    launcher: raw.launcher,
    listCard: { title: raw.listCard?.title, summary: raw.listCard?.summary ?? [] },
    detailCard: { sections: raw.detailCard?.sections ?? [] },
    dropZeroItems: raw.dropZeroItems ?? {},
    subForms: [],
    currencyField: raw.currencyField ?? 'currency_id',
    // Only when given, so modules without it compile (and hash) as before.
    ...(Array.isArray(raw.resetKeeps) ? { resetKeeps: raw.resetKeeps } : {}),
    ...(raw.moreMenu === true ? { moreMenu: true } : {}),
    ...(raw.entity ? { entity: { kind: raw.entity.kind, operations: [...raw.entity.operations] } } : {}),
    ...(raw.statistics ? { statistics: raw.statistics } : {}),
    ...(raw.relatedAs ? { relatedAs: raw.relatedAs } : {}),
    ...(raw.expenseAccounts === true ? { expenseAccounts: true } : {}),
    ...(raw.contractItemTypes ? { contractItemTypes: raw.contractItemTypes } : {}),
    ...(Array.isArray(raw.listSearch) ? { listSearch: raw.listSearch } : {}),
    ...(raw.numbering ? { numbering: raw.numbering } : {}),
    ...(raw.budget ? { budget: raw.budget } : {}),
    ...(Array.isArray(raw.followUps) ? { followUps: raw.followUps } : {}),
  };
}
