/**
 * The renderer features the module authors asked for, with the real definitions on disk:
 * label rules in form, sub-form and card; object fields in cards; `rules.submitEnabled`;
 * circled row labels; `ui:help` as text or key.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { screen, within } from '@testing-library/react';
import { loadDefinitionFiles } from '../../../server/definitions/load-definition-files';
import { compileModules, type CompiledModule } from '../../../src/engine';
import { DetailCard } from '../../../src/renderer/DetailCard';
import { ModuleForm } from '../../../src/renderer/ModuleForm';
import { SubForm } from '../../../src/renderer/SubForm';
import { circledNumber } from '../../../src/renderer/form/circled-number';
import { FieldValue } from '../../../src/renderer/cards/FieldValue';
import { useRendererT } from '../../../src/renderer/i18n';
import { renderWithHost } from '../test-host';

let modules: Record<string, CompiledModule>;
beforeAll(async () => {
  const { files } = await loadDefinitionFiles();
  modules = compileModules(files).modules as Record<string, CompiledModule>;
});
const currencies = [{ id: 1, code: 'CNY' }, { id: 2, code: 'JPY' }];
const noSubmit = async () => ({});

/** The card row of a field or sub-field path: its label cell and value cell. */
function cardRow(container: HTMLElement, path: string): { label: string; value: string } {
  const row = container.querySelector(`[data-detail-card] [data-field="${path}"]`);
  if (!row) throw new Error(`no card row for ${path}`);
  const [label, value] = Array.from(row.children).map((c) => c.textContent ?? '');
  return { label, value };
}

describe('label rules (runtime.labels) — contract-supplier', () => {
  test('the form labels the full name "Employee full name" while the contract type code is hr, the normal label otherwise', async () => {
    const hr = renderWithHost(<ModuleForm module={modules['contract-supplier']} initialData={{ contract_item_type_code: 'hr' }} context={{ currencies, steps: [] }} onSubmit={noSubmit} />);
    await hr.settled();
    expect(screen.getByLabelText('Employee full name')).toBeTruthy();
    expect(screen.queryByLabelText('Contract full name')).toBeNull();
    hr.unmount();

    const goods = renderWithHost(<ModuleForm module={modules['contract-supplier']} initialData={{ contract_item_type_code: 'goods' }} context={{ currencies, steps: [] }} onSubmit={noSubmit} />);
    await goods.settled();
    expect(screen.getByLabelText('Contract full name')).toBeTruthy();
    expect(screen.queryByLabelText('Employee full name')).toBeNull();
  });

  test('the detail card follows the stored data too', async () => {
    const data = { contract_item_type_code: 'hr', contract_full_name: 'Hanako Sato' };
    const hr = renderWithHost(<DetailCard module={modules['contract-supplier']} data={data} context={{ currencies }} />);
    await hr.settled();
    expect(cardRow(hr.container, 'contract_full_name')).toEqual({ label: 'Employee full name', value: 'Hanako Sato' });
    hr.unmount();
    const goods = renderWithHost(<DetailCard module={modules['contract-supplier']} data={{ ...data, contract_item_type_code: 'goods' }} context={{ currencies }} />);
    await goods.settled();
    expect(cardRow(goods.container, 'contract_full_name').label).toBe('Contract full name');
  });

  test('a sub-form page uses its own label rules (here over $parent)', async () => {
    const base = modules['contract-item-hr'];
    const field = Object.keys(base.schema.properties ?? {}).find((f) => f === 'name') as string;
    const sub: CompiledModule = {
      ...base,
      rules: { ...base.rules, labels: { [field]: [{ when: { '==': [{ var: '$parent.contract_item_type_code' }, 'hr'] }, label: 'contract-supplier.contract_full_name.labelHr' }] } },
    };
    renderWithHost(<SubForm module={sub} parent={{ contract_item_type_code: 'hr' }} context={{ currencies }} onDone={() => undefined} />);
    expect(screen.getByLabelText('Employee full name')).toBeTruthy();
  });
});

describe('object fields in cards', () => {
  const reimbursement = (submit: boolean, account: Record<string, unknown>) => ({
    currency_id: 1,
    transaction_items: [],
    submit_supplier_contract_information: submit,
    payment_recipient_account: account,
  });

  test('the reimbursement card lists the recipient account as labelled sub-fields when the recipient is given', async () => {
    const view = renderWithHost(
      <DetailCard module={modules.reimbursement} data={reimbursement(true, { name: 'Emi Tanaka', no: '1234567', bank_name: 'Mizuho', branch_name: null })} context={{ currencies }} />,
    );
    await view.settled();
    expect(cardRow(view.container, 'payment_recipient_account.name')).toEqual({ label: 'Account name', value: 'Emi Tanaka' });
    expect(cardRow(view.container, 'payment_recipient_account.bank_name')).toEqual({ label: 'Bank name', value: 'Mizuho' });
    expect(cardRow(view.container, 'payment_recipient_account.branch_name')).toEqual({ label: 'Branch name', value: '-' });
    expect(view.container.textContent).not.toContain('[object Object]');
  });

  test('without a recipient (the form hides the account) the empty account is left out of the card', async () => {
    const view = renderWithHost(
      <DetailCard module={modules.reimbursement} data={reimbursement(false, { name: null, no: null, bank_name: null, branch_name: null })} context={{ currencies }} />,
    );
    await view.settled();
    expect(view.container.querySelector('[data-object="payment_recipient_account"]')).toBeNull();
    expect(screen.queryByText('Account name')).toBeNull();
  });

  test('an object shown as one value (a changed field, a highlight) labels its sub-fields with the language\'s separator', async () => {
    const data = reimbursement(true, { name: 'Emi Tanaka', no: '1234567', bank_name: 'Mizuho', branch_name: 'Ginza' });
    const Value = ({ module }: { module: CompiledModule }) => <FieldValue module={module} field="payment_recipient_account" data={data} t={useRendererT(module)} />;
    for (const [language, separator] of [['en', ': '], ['zh', '：']] as const) {
      const view = renderWithHost(<Value module={modules.reimbursement} />, { language });
      await view.settled();
      const name = view.container.querySelector('[data-field="payment_recipient_account.name"]')?.textContent ?? '';
      expect(name).toMatch(new RegExp(`^[^:：]+${separator}Emi Tanaka$`));
      view.unmount();
    }
  });

  test('a payment item card (sub-form card) shows payment_information by its sub-fields, hidden widgets left out', async () => {
    const view = renderWithHost(<DetailCard module={modules['payment-item']} data={{ payment_information: { month: 4, estimated_payment_date: '2026-04-30' }, contents: [] }} context={{ currencies }} />);
    await view.settled();
    expect(cardRow(view.container, 'payment_information.month').value).toBe('4');
    expect(view.container.querySelector('[data-field="payment_information.estimated_payment_date"]')).toBeNull();
    expect(view.container.textContent).not.toContain('[object Object]');
  });
});

describe('rules.submitEnabled — corporate seal borrow agreements', () => {
  test('borrowing the stamp disables submit, with a hint that says why, until all three agreements are ticked', async () => {
    const view = renderWithHost(<ModuleForm module={modules['corporate-seal']} context={{ currencies, steps: [] }} onSubmit={noSubmit} />);
    const { user } = view;
    await view.settled();
    const submit = () => screen.getByRole('button', { name: 'Submit' });
    expect((submit() as HTMLButtonElement).disabled).toBe(false);

    await user.click(screen.getByRole('checkbox', { name: 'Borrow stamp' }));
    expect((submit() as HTMLButtonElement).disabled).toBe(true);
    const hint = 'Please tick all three agreements to borrow the stamp';
    expect(screen.getByRole('note').textContent).toBe(hint);
    expect(submit().getAttribute('aria-describedby')).toBe(screen.getByRole('note').id);

    await user.click(screen.getByRole('checkbox', { name: /only for the purpose/ }));
    await user.click(screen.getByRole('checkbox', { name: /keep the stamp safe/ }));
    expect((submit() as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: /return the stamp/ }));
    expect((submit() as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText(hint)).toBeNull();

    // Un-ticking the purpose clears the agreements (effect) and submit stays enabled.
    await user.click(screen.getByRole('checkbox', { name: 'Borrow stamp' }));
    expect((submit() as HTMLButtonElement).disabled).toBe(false);
  });

  test('submit is disabled while loading', () => {
    renderWithHost(<ModuleForm module={modules['corporate-seal']} loading context={{ currencies, steps: [] }} onSubmit={noSubmit} />);
    expect((screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('circled row labels (ui:options.indexLabel)', () => {
  test.each([[1, '①'], [2, '②'], [20, '⑳'], [21, '㉑'], [35, '㉟'], [36, '㊱'], [50, '㊿'], [51, '(51)']])('%i → %s', (n, text) => {
    expect(circledNumber(n)).toBe(text);
  });

  test('the seal\'s stamped documents are labelled ①②③ in the form and listed the same way in the card', async () => {
    const view = renderWithHost(<ModuleForm module={modules['corporate-seal']} context={{ currencies, steps: [] }} onSubmit={noSubmit} />);
    const { user } = view;
    const list = screen.getByRole('group', { name: 'Stamped document full names' });
    await user.click(within(list).getByRole('button', { name: 'Add' }));
    await user.click(within(list).getByRole('button', { name: 'Add' }));
    await user.type(within(list).getByLabelText('②'), 'Appendix A');
    expect(within(list).getByLabelText('①')).toBeTruthy();
    expect((within(list).getByLabelText('②') as HTMLInputElement).value).toBe('Appendix A');
    view.unmount();

    const card = renderWithHost(<DetailCard module={modules['corporate-seal']} data={{ stamped_doc_full_names: ['Service agreement', 'Appendix A'] }} context={{ currencies }} />);
    await card.settled();
    expect(cardRow(card.container, 'stamped_doc_full_names').value).toBe('① Service agreement ② Appendix A');
  });
});

describe('ui:help and ui:placeholder: a key when it is one, literal text otherwise', () => {
  const withHelp = (help: string, placeholder: string): CompiledModule => {
    const seal = modules['corporate-seal'];
    return { ...seal, uiSchema: { ...seal.uiSchema, stamp_type: { 'ui:widget': 'text', 'ui:help': help, 'ui:placeholder': placeholder } } };
  };
  test.each([
    ['keys are translated', 'corporate-seal.stamp_no.help', 'corporate-seal.messages.borrowAgreements', 'Numbered when the document is filed', 'Please tick all three agreements to borrow the stamp'],
    ['literal text is shown as written', 'Ask legal: which stamp?', 'e.g. round seal', 'Ask legal: which stamp?', 'e.g. round seal'],
  ])('%s', (_name, help, placeholder, shownHelp, shownPlaceholder) => {
    const view = renderWithHost(<ModuleForm module={withHelp(help, placeholder)} context={{ currencies, steps: [] }} onSubmit={noSubmit} />);
    const input = view.container.querySelector('#root_stamp_type') as HTMLInputElement;
    expect(input.placeholder).toBe(shownPlaceholder);
    expect(view.container.querySelector('#root_stamp_type__help')?.textContent).toBe(shownHelp);
  });
});

describe('supplier account in the real contract-supplier form', () => {
  test('shows its label (employee account for hr) and translated field labels, never raw names', async () => {
    const hr = renderWithHost(<ModuleForm module={modules['contract-supplier']} initialData={{ contract_item_type_code: 'hr' }} context={{ currencies, steps: [] }} onSubmit={noSubmit} />);
    expect(await screen.findByText('Employee account')).toBeTruthy();
    for (const label of ['Account name', 'Account number', 'Bank name', 'Branch name']) expect(screen.getByRole('textbox', { name: new RegExp(label) })).toBeTruthy();
    expect(screen.queryByText('bank_name')).toBeNull();
    expect(screen.queryByText('branch_name')).toBeNull();
    hr.unmount();
  });
});
