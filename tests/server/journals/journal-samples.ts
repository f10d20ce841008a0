import { buildJournal, type Journal, type JournalContext, type JournalFacts, type JournalMapping, type JournalSource } from '../../../src/engine';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** A registration number with a right check digit, treated as registered in these samples. */
export const REGISTERED = 'T1180301018771';

/** The journal facts of the shipped definitions (read from the UI schemas, never listed here). */
export function shippedFacts(code: string): JournalFacts {
  const ui = JSON.parse(readFileSync(resolve(import.meta.dirname, `../../../uiSchemas/${code}.json`), 'utf8'));
  return ui['ui:module'].statistics.journal as JournalFacts;
}

export const sampleMapping: JournalMapping = {
  list: 'yayoi',
  modules: {
    payment: { debit: { account: '仕入高' }, credit: { account: '未払金' } },
    reimbursement: { debit: { account: '旅費交通費' }, credit: { account: '未払金', sub_account: '従業員' } },
    'collection-sales': { debit: { account: '売掛金' }, credit: { account: '売上高' } },
  },
  expense_accounts: { 5: { account: '旅費交通費' }, 6: { account: '会議費' } },
  payment_methods: { 3: { account: '普通預金', sub_account: 'みずほ銀行' } },
};

export const sampleContext: JournalContext = {
  departmentName: (id) => ({ 10: '営業部', 11: '管理部' } as Record<number, string>)[id] ?? '',
  qualified: (no) => no === REGISTERED,
  booking: () => ({ currency: 'JPY', amount: (v) => Math.round(v) }),
};

/**
 * Decided documents: a three-line payment around the インボイス dates, a one-line reimbursement, a
 * sale, then a one-line reimbursement without a registration on each side of each later step of
 * the transitional schedule (2028-09-30 / 10-01, 2030-09-30 / 10-01, 2031-09-30 / 10-01).
 */
export const sampleSources: Array<JournalSource & { facts: string }> = [
  {
    documentId: 1, code: 'PAY-2026-000001', moduleCode: 'payment', facts: 'payment',
    data: {
      payment_date: '2026-09-30', department_id: 10, account_id: 3, total: 18600,
      transaction_items: [
        { total: 11000, invoice_issuer: '㈱髙橋商事', invoice_registration_no: REGISTERED, invoice_amount_10: 10000, invoice_tax_10: 1000, contents: [{ content_type_id: 5, amount: 11000 }] },
        { total: 5400, invoice_issuer: '山田食品', invoice_amount_8: 5000, invoice_tax_8: 400, contents: [{ content_type_id: 6, amount: 5400 }] },
        { total: 2200, invoice_issuer: '"Quote" Co., Ltd.', contents: [] },
      ],
    },
  },
  {
    documentId: 2, code: 'RE-2026-000002', moduleCode: 'reimbursement', facts: 'reimbursement',
    data: { payment_date: '2026-10-01', department_id: 11, total: 3300, payment_recipient_account: { name: '鈴木一郎' }, transaction_items: [{ total: 3300, invoice_issuer: 'タクシー', contents: [{ content_type_id: 5 }] }] },
  },
  {
    documentId: 3, code: 'CS-2026-000003', moduleCode: 'collection-sales', facts: 'collection-sales',
    data: { sales_date: '2026-10-01', department_id: 10, amount: 110000, customer_name: 'Acme, Inc.' },
  },
  ...['2028-09-30', '2028-10-01', '2030-09-30', '2030-10-01', '2031-09-30', '2031-10-01'].map((date, i) => ({
    documentId: 4 + i, code: `RE-${date.slice(0, 4)}-00000${4 + i}`, moduleCode: 'reimbursement', facts: 'reimbursement',
    data: { payment_date: date, department_id: 11, total: 1100 * (i + 1), payment_recipient_account: { name: '鈴木一郎' }, transaction_items: [{ total: 1100 * (i + 1), invoice_issuer: '個人タクシー', contents: [{ content_type_id: 5 }] }] },
  })),
];

/** The sample journals (each document's own total is `data.total` or `data.amount`). */
export function sampleJournals(): Journal[] {
  return sampleSources.map((s) => {
    const journal = buildJournal(s, shippedFacts(s.facts), sampleMapping, sampleContext);
    if (typeof journal === 'string') throw new Error(`${s.code}: ${journal}`);
    return journal;
  });
}
