import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isBalanced, isTransitional, TRANSITIONAL_SCHEDULE } from '../../../src/engine';
import { writeJournalFile, type JournalEncoding, type JournalFormat } from '../../../server/journals/presets';
import { MONEYFORWARD_COLUMNS } from '../../../server/journals/presets/moneyforward';
import { FREEE_COLUMNS } from '../../../server/journals/presets/freee';
import { YAYOI_COLUMNS } from '../../../server/journals/presets/yayoi';
import { mappingViolations, PRODUCT_LISTS, transitionalDefaults } from '../../../server/journals/journal-lists';
import { serverTranslate } from '../../../server/lib/i18n';
import { parseCsv, readFreee, readMoneyforward, readYayoi, type ReadJournal } from './journal-file-reader';
import { sampleJournals, sampleMapping, sampleSources } from './journal-samples';

/**
 * Golden files (issue 35 item 2): each preset's file for the sample documents, byte for byte.
 * The golden files were written once with UPDATE_GOLDEN=1 and read line by line against the
 * products' published column lists (docs/ACCOUNTING.md); a change to a writer that changes a
 * byte fails here until the golden file is deliberately written again and looked at.
 */
const golden = (name: string) => resolve(import.meta.dirname, 'golden', name);
function matchesGolden(name: string, bytes: Buffer) {
  if (process.env.UPDATE_GOLDEN === '1' || !existsSync(golden(name))) {
    if (process.env.CI === 'true' || process.env.UPDATE_GOLDEN !== '1') throw new Error(`golden file ${name} missing (write it with UPDATE_GOLDEN=1 and look at it)`);
    writeFileSync(golden(name), bytes);
  }
  expect(bytes.equals(readFileSync(golden(name)))).toBe(true);
}

const journals = sampleJournals();
/** The documents' own totals (what each journal must add up to). */
const totals = new Map(sampleSources.map((s) => [s.code, Number(s.data.total ?? s.data.amount)]));
const expectTotals = (read: ReadJournal[]) => {
  expect(read.map((j) => j.code)).toEqual(sampleSources.map((s) => s.code));
  for (const j of read) {
    expect(j.debit).toBe(totals.get(j.code));
    expect(j.credit).toBe(totals.get(j.code));
  }
};
const file = (format: JournalFormat, encoding?: JournalEncoding) => writeJournalFile(format, journals, sampleMapping, encoding);
/**
 * The transitional step each sample document's file names (read back by the reader, which checks
 * each against the published schedule for its date): 80 % to 2026-09-30, 70 % from 2026-10-01
 * (令和8年度税制改正), 50 % from 2028-10-01, 30 % from 2030-10-01, none from 2031-10-01.
 */
const STEPS = {
  'PAY-2026-000001': [80, 80], 'RE-2026-000002': [70], 'CS-2026-000003': [],
  'RE-2028-000004': [70], 'RE-2028-000005': [50], 'RE-2030-000006': [50], 'RE-2030-000007': [30], 'RE-2031-000008': [30], 'RE-2031-000009': [],
};
const expectSteps = (read: ReadJournal[]) => expect(Object.fromEntries(read.map((j) => [j.code, j.steps]))).toEqual(STEPS);

describe('journal presets', () => {
  it('builds balanced journals equal to the documents', () => {
    for (const j of journals) expect(isBalanced(j)).toBe(true);
    expect(journals.map((j) => j.total)).toEqual(sampleSources.map((s) => totals.get(s.code)));
  });

  it('弥生: 25 columns, no header, Shift_JIS, CRLF, 2110/2100/2101 and 2000, byte-exact', () => {
    const out = file('yayoi');
    expect(YAYOI_COLUMNS).toHaveLength(25);
    expect(out.unmappable).toBe(0);
    matchesGolden('yayoi.txt', out.bytes);
    const read = readYayoi(out.bytes);
    expectTotals(read);
    expectSteps(read);
    expect(read.map((j) => j.lines)).toEqual([3, 1, 1, 1, 1, 1, 1, 1, 1]);
    const text = out.bytes.toString('latin1');
    expect(text.split('\r\n').filter(Boolean).map((l) => l.slice(0, 4))).toEqual(['2110', '2100', '2101', ...Array(8).fill('2000')]);
  });

  it('弥生 オンライン: the same file within its limits', () => {
    const out = file('yayoi_online');
    matchesGolden('yayoi_online.txt', out.bytes);
    const read = readYayoi(out.bytes, { account: 12, subAccount: 15, digits: 9 });
    expectTotals(read);
    expectSteps(read);
  });

  it('MoneyForward: 27 columns A–AA with header, compound journals by 取引No and date, UTF-8 and Shift_JIS', () => {
    const utf8 = file('moneyforward');
    expect(utf8.encoding).toBe('utf-8');
    matchesGolden('moneyforward.csv', utf8.bytes);
    const read = readMoneyforward(utf8.bytes, 'utf-8', MONEYFORWARD_COLUMNS);
    expectTotals(read);
    expectSteps(read);
    const sjis = file('moneyforward', 'shift_jis');
    matchesGolden('moneyforward-sjis.csv', sjis.bytes);
    expectSteps(readMoneyforward(sjis.bytes, 'cp932', MONEYFORWARD_COLUMNS));
  });

  it('MoneyForward インボイス column: 適格, 80%控除 on 2026-09-30, 70%控除 from 2026-10-01, 50%控除 from 2028-10-01, 30%控除 from 2030-10-01, empty from 2031-10-01', () => {
    const rows = parseCsv(file('moneyforward').bytes.toString('utf8')).slice(1);
    expect(rows.map((r) => [r[1], r[7]])).toEqual([
      ['2026/09/30', '適格'], ['2026/09/30', '80%控除'], ['2026/09/30', '80%控除'], ['2026/10/01', '70%控除'], ['2026/10/01', ''],
      ['2028/09/30', '70%控除'], ['2028/10/01', '50%控除'], ['2030/09/30', '50%控除'], ['2030/10/01', '30%控除'], ['2031/09/30', '30%控除'], ['2031/10/01', ''],
    ]);
    // From 2031-10-01 nothing is deducted: outside tax, no tax amount.
    expect([rows[10][6], rows[10][9]]).toEqual(['対象外', '0']);
  });

  it('the reader refuses a step that is not the one in force on the date (the 50 % of before the reform on 2026-10-01)', () => {
    const text = file('moneyforward').bytes.toString('utf8').replace(/(2026\/10\/01(?:,[^,\r\n]*){5}),70%控除/, '$1,50%控除');
    expect(text).toContain('50%控除');
    expect(() => readMoneyforward(Buffer.from(text, 'utf8'), 'utf-8', MONEYFORWARD_COLUMNS)).toThrow(/but the transitional deduction then is 70 %/);
  });

  it('freee: 取引 import with header, one 取引 per document, Shift_JIS', () => {
    const out = file('freee');
    matchesGolden('freee.csv', out.bytes);
    const read = readFreee(out.bytes, FREEE_COLUMNS);
    expectTotals(read);
    expectSteps(read);
  });

  it('the reader refuses what the products refuse', () => {
    const good = file('yayoi').bytes;
    expect(() => readYayoi(Buffer.from(good.toString('latin1').replaceAll('\r\n', '\n'), 'latin1'))).toThrow(/CRLF/);
    expect(() => readYayoi(Buffer.from(good.toString('latin1').replace(',no\r\n', ',no,x\r\n'), 'latin1'))).toThrow(/26 columns/);
    expect(() => readYayoi(Buffer.from(good.toString('latin1').replace('2101', '2100'), 'latin1'))).toThrow(/opened|not closed/);
    expect(() => readMoneyforward(file('moneyforward').bytes, 'cp932', MONEYFORWARD_COLUMNS)).toThrow();
  });
});

describe('the shipped lists name every step of the transitional schedule', () => {
  const steps = TRANSITIONAL_SCHEDULE.map((row) => row.deduction).filter(isTransitional);
  it('reads the schedule: 80, 70, 50, 30', () => expect(steps).toEqual(['80', '70', '50', '30']));
  it.each(['yayoi', 'freee'] as const)('%s: a purchase tax class for each step and rate', (list) => {
    for (const d of steps) {
      for (const rate of ['10', '8r']) expect(PRODUCT_LISTS[list].taxClasses[`purchase_${rate}@${d}`], `${list} purchase_${rate}@${d}`).toMatch(new RegExp(`${d}`));
    }
  });
  it('MoneyForward: an インボイス value for each step', () => {
    expect(steps.map((d) => PRODUCT_LISTS.moneyforward.invoice?.[d])).toEqual(['80%控除', '70%控除', '50%控除', '30%控除']);
  });
});

describe('mapping check against the shipped lists', () => {
  const t = serverTranslate('en');
  const known = { moduleCodes: ['payment', 'reimbursement', 'collection-sales'], expenseAccountIds: [5, 6], bankAccountIds: [3] };
  it('takes the sample mapping', () => {
    expect(mappingViolations(sampleMapping, t, known)).toEqual([]);
  });
  it('refuses a typo in an account, a tax class of another list, an unknown module and a foreign bank account', () => {
    const bad = {
      ...sampleMapping,
      modules: { ...sampleMapping.modules, payment: { debit: { account: '旅費交通比' } }, stamp: {} },
      payment_methods: { 99: { account: '普通預金' } },
      tax_classes: { purchase_10: '課税仕入 10%' },
    };
    expect(mappingViolations(bad, t, known).map((v) => v.propertyPath)).toEqual(['modules.payment.debit.account', 'modules.stamp', 'payment_methods.99', 'tax_classes.purchase_10']);
    expect(mappingViolations(bad, t, known)[0].message).toBe('"旅費交通比" is not an account of the 弥生 standard list.');
    expect(mappingViolations({ ...bad, list: 'moneyforward', modules: {}, payment_methods: {} }, t, known)).toEqual([]);
  });
});

describe('the company\'s own names of the transitional deductions (the shipped ones are unconfirmed)', () => {
  const t = serverTranslate('en');
  const known = { moduleCodes: ['payment', 'reimbursement', 'collection-sales'], expenseAccountIds: [5, 6], bankAccountIds: [3] };
  const yayoiRows = (mapping: typeof sampleMapping) => parseCsv(writeJournalFile('yayoi', journals, mapping).bytes.toString('latin1'));
  const mfRows = (mapping: typeof sampleMapping) => parseCsv(writeJournalFile('moneyforward', journals, mapping).bytes.toString('utf8')).slice(1);

  it('defaults to the shipped names, one per step of the schedule and list', () => {
    expect(transitionalDefaults('yayoi')['purchase_10@70']).toBe(PRODUCT_LISTS.yayoi.taxClasses['purchase_10@70']);
    expect(transitionalDefaults('moneyforward')).toEqual({ 'invoice@80': '80%控除', 'invoice@70': '70%控除', 'invoice@50': '50%控除', 'invoice@30': '30%控除' });
  });

  const OWN_10 = '課対仕入内10%区分70%（確認済）';
  const OWN_8 = '課対仕入内軽減8%区分70%（確認済）';
  const yayoiOwn = { ...sampleMapping, list: 'yayoi' as const, tax_classes: { 'purchase_10@70': OWN_10, 'purchase_8r@70': OWN_8 } };

  it('弥生: a name the company sets replaces the shipped one for that step only', () => {
    expect(mappingViolations(yayoiOwn, t, known)).toEqual([]);
    // Decoded as the product reads it (Shift_JIS): the own names where the shipped 70 % names were, nothing else changed.
    const decode = (bytes: Buffer) => new TextDecoder('shift_jis').decode(bytes);
    const own = decode(writeJournalFile('yayoi', journals, yayoiOwn).bytes);
    const shipped = decode(writeJournalFile('yayoi', journals, sampleMapping).bytes);
    expect(own).not.toBe(shipped);
    expect(own.includes(OWN_10) || own.includes(OWN_8)).toBe(true);
    expect(own.replaceAll(OWN_10, PRODUCT_LISTS.yayoi.taxClasses['purchase_10@70']).replaceAll(OWN_8, PRODUCT_LISTS.yayoi.taxClasses['purchase_8r@70'])).toBe(shipped);
    // Not in another product's file.
    expect(mfRows(yayoiOwn).flat().some((v) => v.includes('確認済'))).toBe(false);
  });

  it('MoneyForward: the インボイス column takes the company\'s value when its mapping uses MoneyForward\'s list, never a 弥生 mapping\'s', () => {
    const own = { ...sampleMapping, list: 'moneyforward' as const, modules: {}, expense_accounts: {}, payment_methods: {}, tax_classes: { 'invoice@70': '70%控除（経過措置）' } };
    expect(mappingViolations(own, t, known)).toEqual([]);
    const column = (mapping: typeof sampleMapping) => mfRows(mapping).map((r) => r[7]);
    expect(column(own)).toContain('70%控除（経過措置）');
    expect(column(own)).not.toContain('70%控除');
    expect(column(own).filter((v) => v === '80%控除').length).toBe(column(sampleMapping).filter((v) => v === '80%控除').length);
    // Not in a 弥生 file, nor with a 弥生 mapping.
    expect(yayoiRows(own).flat()).not.toContain('70%控除（経過措置）');
    expect(column({ ...own, list: 'yayoi' })).not.toContain('70%控除（経過措置）');
  });

  it('refuses a name of the other product\'s list, an empty name and one of two lines, at their fields', () => {
    const bad = { ...sampleMapping, list: 'yayoi' as const, tax_classes: { 'invoice@70': '70%控除', 'purchase_10@50': ' ', 'purchase_8r@30': '区分\n30%' } };
    const violations = mappingViolations(bad, t, known);
    expect(violations.map((v) => v.propertyPath)).toEqual(['tax_classes.invoice@70', 'tax_classes.purchase_10@50', 'tax_classes.purchase_8r@30']);
    expect(violations[0].message).toBe('This name is used only with another product\'s list, not with the 弥生 standard list.');
    expect(violations[1].message).toBe('Type the name as your product\'s list shows it: one line, at most 64 characters.');
  });
});
