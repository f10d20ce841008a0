import type { Journal, JournalMapping, Posting } from '../../../src/engine';
import { PRODUCT_LISTS, taxClassOf } from '../journal-lists';
import { slashDate } from './csv-field';

/** The 25 columns of the 弥生インポート形式 (弥生会計 05 and later; no header row in the file). */
export const YAYOI_COLUMNS = [
  '識別フラグ', '伝票No.', '決算', '取引日付', '借方勘定科目', '借方補助科目', '借方部門', '借方税区分', '借方金額', '借方税金額',
  '貸方勘定科目', '貸方補助科目', '貸方部門', '貸方税区分', '貸方金額', '貸方税金額', '摘要', '番号', '期日', 'タイプ',
  '生成元', '仕訳メモ', '付箋1', '付箋2', '調整',
] as const;

/** 識別フラグ: 2000 a one-line journal; 2110 / 2100 / 2101 the first / a middle / the last line of a multi-line slip. */
export function yayoiFlag(index: number, count: number): string {
  if (count === 1) return '2000';
  return index === 0 ? '2110' : index === count - 1 ? '2101' : '2100';
}

/** One side's six columns; an empty side of a slip line is an empty account with amount 0 (the format requires the amount). */
function side(posting: Posting | null, mapping: JournalMapping | undefined): Array<string | number> {
  if (!posting) return ['', '', '', '', 0, 0];
  // The company's names of the transitional deductions apply when its mapping uses 弥生's list.
  const tax = taxClassOf(PRODUCT_LISTS.yayoi, posting, mapping?.tax_classes, mapping?.list === 'yayoi' ? mapping.tax_classes : undefined);
  return [posting.account, posting.subAccount, posting.department, tax.name, posting.amount, tax.tax];
}

/** A journal's lines in the 25 columns (タイプ 0 = 仕訳データ; 調整 no; 仕訳メモ the document code). */
export function yayoiRows(journal: Journal, mapping?: JournalMapping): Array<Array<string | number>> {
  return journal.rows.map((row, i) => [
    yayoiFlag(i, journal.rows.length), '', '', slashDate(journal.date),
    ...side(row.debit, mapping), ...side(row.credit, mapping),
    journal.memo, '', '', 0, '', journal.code, 0, 0, 'no',
  ]);
}

/**
 * 弥生会計 オンライン's limits (its import cuts what is longer, so the export refuses instead):
 * account 12 characters, sub-account 15, amounts of at most 9 digits, no negative amount.
 * Answers the first broken limit of a journal as a message key and its values, or null.
 */
export function yayoiOnlineProblem(journal: Journal): { key: string; values: Record<string, string | number> } | null {
  for (const row of journal.rows) {
    for (const posting of [row.debit, row.credit]) {
      if (!posting) continue;
      if ([...posting.account].length > 12) return { key: 'server.journals.online.account', values: { code: journal.code, name: posting.account, max: 12 } };
      if ([...posting.subAccount].length > 15) return { key: 'server.journals.online.subAccount', values: { code: journal.code, name: posting.subAccount, max: 15 } };
      if (posting.amount < 0 || posting.tax < 0) return { key: 'server.journals.online.negative', values: { code: journal.code } };
      if (posting.amount > 999_999_999) return { key: 'server.journals.online.amount', values: { code: journal.code, amount: posting.amount } };
    }
  }
  return null;
}
