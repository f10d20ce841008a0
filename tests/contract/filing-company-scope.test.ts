import { describe, expect, it } from 'vitest';
import { compileModules } from '../../src/engine';
import { loadDefinitionFiles } from '../../server/definitions/load-definition-files';

/**
 * An application's company pickers offer only what filing accepts (spec 000 §6, the server's
 * `companyScopeViolations`): a group member files for any group company, anyone else for their own
 * company only. A picker listing every company let a user choose one the process card's route and
 * the filing then refused ("you may not file for this company"). Entity modules authorize their
 * target instead, and a counterparty (`scope: external`) is not the filing company.
 */
describe('company pickers of application forms', () => {
  it('list group companies only, and lock a user outside the group to their own company', async () => {
    const { modules } = compileModules((await loadDefinitionFiles()).files);
    const pickers: string[] = [];
    const unbounded: string[] = [];
    for (const module of Object.values(modules)) {
      if (module.meta.entity || module.meta.kind === 'subform') continue;
      const ui = module.uiSchema.company_id as { 'ui:widget'?: string; 'ui:options'?: { byGroup?: unknown; ownCompanyUnless?: unknown; scope?: unknown } } | undefined;
      if (ui?.['ui:widget'] !== 'CompanyPicker' || ui['ui:options']?.scope === 'external') continue;
      pickers.push(module.code);
      const options = ui['ui:options'] ?? {};
      if (options.byGroup !== true || !Array.isArray(options.ownCompanyUnless) || options.ownCompanyUnless.join() !== 'is_ringi_group_member') unbounded.push(module.code);
    }
    expect(pickers.length).toBeGreaterThan(0);
    expect(unbounded).toEqual([]);
  });
});
