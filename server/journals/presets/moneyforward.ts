import type { Journal, JournalMapping, Posting } from '../../../src/engine';
import { PRODUCT_LISTS, taxClassOf } from '../journal-lists';
import { slashDate } from './csv-field';

/** The 27 columns A–AA of マネーフォワード クラウド会計's 仕訳帳 import, the header row as its template has it. */
export const MONEYFORWARD_COLUMNS = [
  '取引No', '取引日', '借方勘定科目', '借方補助科目', '借方部門', '借方取引先', '借方税区分', '借方インボイス', '借方金額(円)', '借方税額',
  '貸方勘定科目', '貸方補助科目', '貸方部門', '貸方取引先', '貸方税区分', '貸方インボイス', '貸方金額(円)', '貸方税額',
  '摘要', '仕訳メモ', 'タグ', 'MF仕訳タイプ', '決算整理仕訳', '作成日時', '作成者', '最終更新日時', '最終更新者',
] as const;

const list = PRODUCT_LISTS.moneyforward;

/** One side's eight columns; an empty side of a compound journal line is blank. */
function side(posting: Posting | null, mapping: JournalMapping | undefined): Array<string | number> {
  if (!posting) return ['', '', '', '', '', '', '', ''];
  const tax = taxClassOf(list, posting, mapping?.tax_classes);
  // The インボイス column: the company's own name of a transitional deduction when its mapping uses MoneyForward's list.
  const own = mapping?.list === 'moneyforward' && posting.deduction ? mapping.tax_classes?.[`invoice@${posting.deduction}`] : undefined;
  const invoice = posting.deduction && posting.deduction !== 'none' ? own ?? list.invoice?.[posting.deduction] ?? '' : '';
  return [posting.account, posting.subAccount, posting.department, posting.counterparty, tax.name, invoice, posting.amount, tax.tax];
}

/**
 * A journal's lines: each line carries the journal's 取引No (`number`) and 取引日, so the lines of
 * one document are one compound journal (same No and date, debits equal credits). 仕訳メモ the
 * document code; the columns the product fills itself (作成日時 …) blank.
 */
export function moneyforwardRows(journal: Journal, number: number, mapping?: JournalMapping): Array<Array<string | number>> {
  return journal.rows.map((row) => [
    number, slashDate(journal.date), ...side(row.debit, mapping), ...side(row.credit, mapping),
    journal.memo, journal.code, '', '', '', '', '', '', '',
  ]);
}
