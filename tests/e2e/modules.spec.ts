import { expect, test, type Page } from '@playwright/test';
import { DEMO_EXPENSE_ACCOUNTS } from '../../server/db/seed-data';
import { appEn, engineEn, expectAlert, moduleTexts, openHome, openModule, pick, submit } from './application-helpers';
import { readLocale } from './helpers';

/**
 * Every module but purchase (purchase.spec.ts), driven by data: from an empty form, Submit
 * shows the spec's first message; doing what the message asks and submitting again shows the
 * next one; … until the submit succeeds with a code, which then appears in View data.
 */

/** What the user does on a page. */
type Action =
  | { pick: string; choice?: string }                      // a picker page; no choice = the first entry
  | { fill: string | { nth: number }; value: string }
  | { check: string }
  | { upload: true }
  | { item: { open?: string; title: RegExp; actions: Action[] } }; // Add more → sub-form page → Next

/** One round: the message Submit shows now, then what answers it. */
interface Step {
  message: string; // translation key
  then: Action[];
}

interface ModuleJourney {
  code: string;
  steps: Step[];
}

function translate(key: string): string {
  const [namespace, ...path] = key.split('.');
  let node: unknown = readLocale<Record<string, unknown>>('en', namespace);
  for (const part of path) node = (node as Record<string, unknown>)[part];
  if (typeof node !== 'string') throw new Error(`missing translation ${key}`);
  return node;
}

const company = (label = 'Company'): Action => ({ pick: label, choice: 'Ringi Holdings' });
const department: Action = { pick: 'Department', choice: 'Sales' };

const JOURNEYS: ModuleJourney[] = [
  {
    code: 'collection-debt',
    steps: [
      { message: 'collection-debt.messages.customerName', then: [{ fill: 'Customer name', value: 'Debtor Ltd' }] },
      { message: 'collection-debt.messages.amount', then: [{ fill: 'Uncollected amount', value: '880' }] },
      { message: 'collection-debt.messages.paymentDate', then: [{ fill: 'Payment date', value: '2026/12/24' }] },
    ],
  },
  {
    code: 'collection-report',
    steps: [
      { message: 'collection-report.messages.company', then: [company()] },
      { message: 'collection-report.messages.department', then: [department] },
      { message: 'collection-report.messages.customerName', then: [{ fill: 'Customer name', value: 'Payer Ltd' }] },
      { message: 'collection-report.messages.amount', then: [{ fill: 'Collected amount', value: '500' }] },
      { message: 'collection-report.messages.receiptAccount', then: [{ pick: 'Receipt account' }] },
    ],
  },
  {
    code: 'collection-sales',
    steps: [
      { message: 'collection-sales.messages.company', then: [company()] },
      { message: 'collection-sales.messages.department', then: [department] },
      { message: 'collection-sales.messages.customerName', then: [{ fill: 'Customer name', value: 'Buyer Ltd' }] },
      { message: 'collection-sales.messages.amount', then: [{ fill: 'Amount', value: '1500' }] },
      { message: 'collection-sales.messages.evidenceType', then: [{ pick: 'Evidence type', choice: 'Invoice' }] },
    ],
  },
  {
    code: 'corporate-seal',
    steps: [
      { message: 'corporate-seal.messages.type', then: [{ pick: 'Usage', choice: 'Company seal' }] },
      { message: 'corporate-seal.messages.purpose', then: [{ check: 'Signature' }] },
      { message: 'corporate-seal.messages.stampedPartyFullName', then: [{ fill: 'Stamped party full name', value: 'Acme Partners Co., Ltd.' }] },
      { message: 'corporate-seal.messages.contractParty', then: [{ pick: 'Contract party' }] },
      { message: 'corporate-seal.messages.planFiles', then: [{ upload: true }] },
    ],
  },
  {
    code: 'contract-customer',
    steps: [
      { message: 'contract-customer.messages.company', then: [company('Contract party')] },
      { message: 'contract-customer.messages.contractType', then: [{ pick: 'Contract type' }] },
      { message: 'contract-customer.messages.contractFullName', then: [{ fill: 'Contract full name', value: 'Annual supply to Acme' }] },
      { message: 'contract-customer.messages.items', then: [goodsItem()] },
    ],
  },
  {
    code: 'contract-supplier',
    steps: [
      { message: 'contract-supplier.messages.company', then: [company('Our contract party')] },
      { message: 'contract-supplier.messages.contractType', then: [{ pick: 'Contract type', choice: 'Purchase Goods' }] },
      { message: 'contract-supplier.messages.contractFullName', then: [{ fill: 'Contract full name', value: 'Laptops 2027' }] },
      { message: 'contract-supplier.messages.accountName', then: [{ fill: 'Account name', value: 'Supplier KK' }] },
      { message: 'contract-supplier.messages.accountNo', then: [{ fill: 'Account number', value: '1234567' }] },
      { message: 'contract-supplier.messages.bankName', then: [{ fill: 'Bank name', value: 'MUFG Bank' }] },
      { message: 'contract-supplier.messages.branchName', then: [{ fill: 'Branch name', value: 'Marunouchi' }] },
      { message: 'contract-supplier.messages.items', then: [goodsItem()] },
    ],
  },
  {
    code: 'payment',
    steps: [
      { message: 'payment.messages.company', then: [company()] },
      { message: 'payment.messages.department', then: [department] },
      {
        message: 'payment.messages.firstItemTotal',
        then: [{
          item: {
            title: /^Payment 1$/,
            actions: [
              { fill: 'Payment month', value: '12' },
              { fill: 'Account name', value: 'Vendor KK' },
              { fill: 'Account number', value: '7654321' },
              { fill: 'Bank name', value: 'SMBC' },
              { fill: 'Branch name', value: 'Umeda' },
              contentLine('payment'),
            ],
          },
        }],
      },
      // Asked for only once a payment has an amount.
      { message: 'payment.messages.estimatedPaymentDate', then: [{ fill: 'Estimated payment date', value: '2026/12/28' }] },
    ],
  },
  {
    code: 'reimbursement',
    steps: [
      {
        message: 'reimbursement.messages.firstItemTotal',
        then: [company(), department, { item: { title: /^Reimbursement item 1$/, actions: [{ fill: 'Page number of application', value: '1' }, contentLine('reimbursement')] } }],
      },
    ],
  },
];

/** A contract goods line (name, brand, quantity, budget, unit price, frequency). */
function goodsItem(): Action {
  return {
    item: {
      title: /^Goods 1$/,
      actions: [
        { fill: 'Goods name', value: 'Laptop' },
        { fill: 'Type/brand', value: 'ThinkPad' },
        { fill: 'Quantity', value: '2' },
        { fill: { nth: 3 }, value: '3000' },
        { fill: 'Unit price', value: '1500' },
        { pick: 'Frequency', choice: 'Monthly' },
      ],
    },
  };
}

/** One content line of a payment or reimbursement item: expense, amount, date (and destination for travel). */
function contentLine(moduleType: 'reimbursement' | 'payment'): Action {
  // The module's transportation account, as seeded for every company (English name).
  const transport = DEMO_EXPENSE_ACCOUNTS.find((a) => a.module_type === moduleType && a.is_transportation)!.names[0];
  return {
    item: {
      title: /^Content 1$/,
      // A transportation account (seeded for every company): its Destination field must show.
      actions: [{ pick: 'Expense', choice: transport }, { fill: 'Amount', value: '300' }, { fill: 'Date', value: '2026/12/01' }, { fill: 'Destination', value: 'Osaka' }],
    },
  };
}

const TINY_PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n'
  + '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1');

const main = (page: Page) => page.getByRole('main');

async function act(page: Page, action: Action): Promise<void> {
  if ('pick' in action) {
    if (action.choice) return pick(page, action.pick, action.choice);
    await page.getByRole('button', { name: action.pick, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: action.pick, exact: true })).toBeVisible();
    await main(page).getByRole('listitem').first().getByRole('button').first().click();
    await expect(page.getByRole('heading', { level: 1, name: action.pick, exact: true })).toBeHidden();
    return;
  }
  if ('fill' in action) {
    const target = action.fill;
    const box = typeof target === 'string'
      ? main(page).getByRole('textbox', { name: target, exact: true })
      : main(page).getByRole('textbox').nth(target.nth);
    return box.fill(action.value);
  }
  if ('check' in action) return main(page).getByRole('checkbox', { name: action.check, exact: true }).check();
  if ('upload' in action) {
    await main(page).locator('input[type=file]').first().setInputFiles({ name: 'plan.pdf', mimeType: 'application/pdf', buffer: TINY_PDF });
    await expect(main(page).getByText('plan.pdf')).toBeVisible();
    return;
  }
  const { item } = action;
  const parent = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
  await main(page).getByRole('button', { name: item.open ?? engineEn.widgets.items.add, exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: item.title })).toBeVisible();
  for (const inner of item.actions) await act(page, inner);
  await main(page).getByRole('button', { name: engineEn.renderer.next, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: parent, exact: true })).toBeVisible();
}

test.describe('every module from empty to filed', () => {
  for (const journey of JOURNEYS) {
    test(`${journey.code}: the spec's messages in order, then a code, then View data`, async ({ page, request }) => {
      await openHome(page, request);
      await openModule(page, moduleTexts(journey.code).title);
      for (const step of journey.steps) {
        await submit(page);
        await expectAlert(page, translate(step.message));
        for (const action of step.then) await act(page, action);
      }
      await submit(page);
      const code = await expectAlert(page, engineEn.renderer.submitted, /^[A-Z][A-Z0-9]{1,7}-\d{4}-\d{6}$/);
      // Spec 000 §4: after the alert the page goes back; the document is in View data next time.
      await expect(page.getByTestId('application-page')).toHaveCount(0);
      await openModule(page, moduleTexts(journey.code).title);
      await page.getByRole('tab', { name: appEn.application.tabs.data }).click();
      await expect(page.getByTestId('view-data').getByRole('button', { name: new RegExp(code) })).toBeVisible();
    });
  }
});
