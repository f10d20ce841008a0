/**
 * The debt collection, collection report and sales definitions (spec 001 §2, §3, §5): related
 * approvals list customer contracts, a company clears its department, and the sales form's
 * reset keeps the currency (`ui:module.resetKeeps`).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSubmitPayload, compileModules, createRuntime, type CompiledModule } from '../../src/engine';
import { loadDefinitionFiles } from '../../server/definitions/load-definition-files';

let modules: Record<string, CompiledModule>;
const codes = ['collection-debt', 'collection-report', 'collection-sales'];

beforeAll(async () => {
  const { files } = await loadDefinitionFiles();
  modules = compileModules(files).modules;
});

describe('collection modules', () => {
  it.each(codes)('%s: related approval lists customer contracts; no stamp number, no bypass', (code) => {
    const module = modules[code];
    expect(module.meta).toMatchObject({ kind: 'module', relatedApprovalSource: 'contract-customer', needsStampNo: false, hasBypass: false, bodyKey: null });
    expect(module.uiSchema.related_approval_id).toEqual({ 'ui:widget': 'RelatedApprovalPicker', 'ui:options': { source: 'contract-customer', relatedList: 'contracts' } });
  });

  it('only the sales form keeps its currency on reset', () => {
    expect(modules['collection-sales'].meta.resetKeeps).toEqual(['currency_id']);
    expect(modules['collection-debt'].meta.resetKeeps).toBeUndefined();
    expect(modules['collection-report'].meta.resetKeeps).toBeUndefined();
  });

  it.each(['collection-report', 'collection-sales'])('%s: selecting a company clears the department', (code) => {
    const prev = { company_id: 1, department_id: 2, currency_id: 1 };
    expect(createRuntime(modules[code]).applyChange(prev, { ...prev, company_id: 3 })).toEqual({ company_id: 3, department_id: null, currency_id: 1 });
  });

  it.each<[string, string, string]>([
    ['collection-report', 'deal_slip_files', 'collection-deal-slip'],
    ['collection-sales', 'sales_evidences', 'sales-evidence'],
  ])('%s uploads %s as %s', (code, field, documentType) => {
    expect(modules[code].uiSchema[field]).toMatchObject({ 'ui:widget': 'FileUploader', 'ui:options': { documentType } });
  });

  it('the sales body is the whole form object beside the wrapper', () => {
    const form = { related_approval_id: 9, customer_name: 'G', company_id: 1, department_id: 2, currency_id: 2, amount: 5, evidence_type_id: 1, sales_date: '2026-11-18', sales_evidences: [3], notes: 'n', user_finances: [5] };
    expect(buildSubmitPayload(modules['collection-sales'], { ...form, approvals: [{ approver_id: 4, master_process_id: 1 }] })).toEqual({
      send_notification_first_approval: true, save_approvers: true, approvals: [{ approver_id: 4, master_process_id: 1 }], ...form,
    });
  });
});
