/**
 * Where the 合議 approvers decide — the detail card of every module with a supplier account (a
 * `SupplierAccountSearch` field whose account holds a registration number; derived from the
 * definitions, never named) — the supplier's registration number (T-number) shows with its check:
 * valid, not valid, or none given (issue #31 item 3). The item cards' own registration numbers too.
 */
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { readDefinitionSet } from '../../../../server/definitions/definition-store';
import type { CompiledModule, Lang } from '../../../../src/engine';
import { DetailCard } from '../../../../src/renderer/DetailCard';
import { customRegistry } from '../../../../src/renderer/widgets';
import { renderWithHost } from '../../test-host';
import contractFixture from '../../../contract/fixtures/contract-supplier/detail.json';

const { modules } = await readDefinitionSet(undefined, { check: false });
type Ui = { 'ui:field'?: string; 'ui:widget'?: string } | undefined;
/** Each module's supplier account fields: objects with the supplier account search that hold a registration number. */
const supplierAccounts = Object.values(modules).flatMap((m) => Object.entries(m.uiSchema)
  .filter(([field, ui]) => (ui as Ui)?.['ui:field'] === 'SupplierAccountSearch'
    && 'registration_no' in (((m.schema.properties ?? {}) as Record<string, { properties?: object }>)[field]?.properties ?? {}))
  .map(([field]) => ({ module: m as CompiledModule, field })));

const VALID = 'T1180301018771';
const WRONG_DIGIT = 'T2180301018771';

const expected: Record<Lang, Record<'valid' | 'invalid' | 'none', string>> = {
  en: { valid: `Registration number: ${VALID} (valid)`, invalid: `Registration number: ${WRONG_DIGIT} (not valid)`, none: 'Registration number: none given' },
  ja: { valid: `登録番号：${VALID}（有効）`, invalid: `登録番号：${WRONG_DIGIT}（無効）`, none: '登録番号：なし' },
  zh: { valid: `登记号：${VALID}（有效）`, invalid: `登记号：${WRONG_DIGIT}（无效）`, none: '登记号：未填写' },
};

/** The detail card's data: the module's own contract fixture where there is one, the account set to `registration`. */
function dataWith(module: CompiledModule, field: string, registration: string | null): Record<string, unknown> {
  const base = module.code === contractFixture.module_code ? structuredClone(contractFixture.data) as Record<string, unknown> : {};
  return { ...base, [field]: { name: 'Osaka Parts', no: '1234567', bank_name: 'SMBC', branch_name: 'Umeda', registration_no: registration } };
}

describe('supplier registration number on the detail card', () => {
  it('is derived from the definitions: the supplier contract has such an account', () => {
    expect(supplierAccounts.map((s) => s.module.code)).toContain('contract-supplier');
  });

  describe.each(['en', 'ja', 'zh'] as const)('%s', (language) => {
    it.each(supplierAccounts.map((s) => [`${s.module.code}.${s.field}`, s] as const))('%s: valid, not valid, none given', async (_name, { module, field }) => {
      for (const [state, registration] of [['valid', VALID], ['invalid', WRONG_DIGIT], ['none', null]] as const) {
        const view = renderWithHost(<DetailCard module={module} data={dataWith(module, field, registration)} context={{ currencies: [], steps: [] }} />, { language });
        await view.settled();
        const shown = document.querySelector('[data-registration]');
        expect(shown?.getAttribute('data-registration'), `${state}`).toBe(state);
        expect(shown?.textContent).toBe(expected[language][state]);
        // The account itself stays on its line above.
        expect(screen.getByText('Osaka Parts / 1234567 / SMBC - Umeda')).toBeTruthy();
        view.unmount();
      }
    });
  });

  it('an item\'s registration number in cards shows its check too, nothing given stays "-"', async () => {
    const Display = customRegistry.InvoiceRegistrationNo.Display!;
    const view = renderWithHost(<><Display value={VALID} /><Display value={WRONG_DIGIT} /><Display value={null} /></>, { language: 'en' });
    await view.settled();
    expect([...document.querySelectorAll('[data-registration]')].map((e) => e.textContent)).toEqual([`${VALID} (valid)`, `${WRONG_DIGIT} (not valid)`]);
    expect(view.container.textContent).toBe(`${VALID} (valid)${WRONG_DIGIT} (not valid)-`);
  });
});
