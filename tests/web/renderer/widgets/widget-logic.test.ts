import { describe, expect, it } from 'vitest';
import { fillEndpoint } from '../../../../src/renderer/widgets/fill-endpoint';
import { itemLabel } from '../../../../src/renderer/widgets/picker/item-label';
import { fillParams, missingDependency, readPickerOptions } from '../../../../src/renderer/widgets/picker/picker-options';
import { cleanApprovals, isCompanyAuthorizer, isStepLocked, readPresetApprovers } from '../../../../src/renderer/widgets/process-card/approvals';
import { listTotal, readItemListOptions, renumber, topItems } from '../../../../src/renderer/widgets/item-list/item-list-options';

describe('picker configuration', () => {
  it('fills {field} placeholders and refuses to build a path with a hole', () => {
    expect(fillEndpoint('/companies/{company_id}/departments', { company_id: 3 })).toBe('/companies/3/departments');
    expect(fillEndpoint('/companies/{company_id}/departments', { company_id: null })).toBeNull();
    expect(fillEndpoint('/x/{a.b}', { a: { b: 'p q' } })).toBe('/x/p%20q');
    expect(fillParams({ companyId: '{company_id}', fixed: true }, { company_id: 4 })).toEqual({ companyId: '4', fixed: true });
    expect(fillParams({ companyId: '{company_id}' }, {})).toBeNull();
  });

  it('reads ui:options over the widget defaults and ignores values of the wrong type', () => {
    const options = readPickerOptions({ endpoint: '/a', itemsPerPage: 100 }, { endpoint: '/b', dependsOn: 'company_id', itemsPerPage: 'ten', debounceMs: 1000, searchParam: null });
    expect(options).toMatchObject({ endpoint: '/b', dependsOn: ['company_id'], itemsPerPage: 100, debounceMs: 1000, searchParam: null, multiple: false, labelKey: 'name' });
    expect(missingDependency(options, { company_id: '' })).toBe('company_id');
    expect(missingDependency(options, { company_id: 0 })).toBeUndefined();
  });

  it('labels items by key, template or language, never blank', () => {
    expect(itemLabel({ id: 1, address: 'Tokyo' }, 'address', 'en')).toBe('Tokyo');
    expect(itemLabel({ id: 1, bank_name: 'MUFG', branch: 'Ginza' }, '{bank_name} - {branch}', 'en')).toBe('MUFG - Ginza');
    expect(itemLabel({ id: 1, name: 'Travel', name_jp: '旅費' }, { en: 'name', ja: 'name_jp' }, 'ja')).toBe('旅費');
    expect(itemLabel({ id: 9 }, 'address', 'en')).toBe('9');
  });
});

describe('process card rules', () => {
  const steps = [{ id: 1, optional: false }, { id: 2, optional: true }];

  it('reads saved and default approvers in any of their shapes, only for steps of the process', () => {
    const rows = readPresetApprovers(
      {
        'hydra:member': [
          { master_process_id: 1, approver: { id: 5, name: 'A' }, is_ringi_group_member: true },
          { master_process: { id: 2 }, approver_id: 6 },
          { master_process_id: 3, approver_id: 7 },
          { master_process_id: 1, approver: { id: 5, name: 'A' } },
        ],
      },
      steps,
    );
    expect(rows.map((r) => r.approval)).toEqual([{ approver_id: 5, master_process_id: 1 }, { approver_id: 6, master_process_id: 2 }]);
    expect(rows[0].approver?.is_ringi_group_member).toBe(true);
  });

  it('locks a step for non-members only when a group member is chosen in it', () => {
    expect(isStepLocked([{ id: 1, name: 'G', is_ringi_group_member: true }], false)).toBe(true);
    expect(isStepLocked([{ id: 1, name: 'G', is_ringi_group_member: true }], true)).toBe(false);
    expect(isStepLocked([{ id: 1, name: 'C' }, undefined], false)).toBe(false);
  });

  it('badges company authorizers by is_company_authorizer, else is_authorizer', () => {
    expect(isCompanyAuthorizer({ id: 1, name: 'A', is_authorizer: true, is_company_authorizer: false })).toBe(false);
    expect(isCompanyAuthorizer({ id: 1, name: 'A', is_authorizer: false, is_company_authorizer: true })).toBe(true);
    expect(isCompanyAuthorizer({ id: 1, name: 'A', is_authorizer: true })).toBe(true);
  });

  it('drops empty approver entries', () => {
    expect(cleanApprovals([{ approver_id: null, master_process_id: 1 }, { approver_id: 4, master_process_id: 1 }, 'x'])).toEqual([{ approver_id: 4, master_process_id: 1 }]);
  });
});

describe('item list helpers', () => {
  it('takes the total field from the first money summary line unless given; a list with neither has no amounts', () => {
    expect(readItemListOptions({ subForm: 's', summary: [{ field: 'name' }, { field: 'budget', format: 'money' }] }).totalField).toBe('budget');
    expect(readItemListOptions({ subForm: 's', totalField: 'amount' }).totalField).toBe('amount');
    expect(readItemListOptions({ subForm: 's', summary: [{ field: 'position_code' }] }).totalField).toBeNull();
    expect(listTotal([{ total: 5 }], null)).toBe(0);
  });

  it('numbers from 1, sums and ranks by amount', () => {
    expect(renumber([{ index: 5 }, { index: 1 }], true)).toEqual([{ index: 1 }, { index: 2 }]);
    const items = [{ total: 5 }, { total: '30' }, { total: 30 }, { total: null }];
    expect(listTotal(items, 'total')).toBe(65);
    expect(topItems(items, 'total', 2).map((t) => t.n)).toEqual([2, 3]);
  });
});
