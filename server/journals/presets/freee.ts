import type { Journal } from '../../../src/engine';
import { PRODUCT_LISTS, taxClassOf } from '../journal-lists';
import { slashDate } from './csv-field';

/** The columns of freee会計's 取引 import file (its sample's header row). */
export const FREEE_COLUMNS = [
  '収支区分', '管理番号', '発生日', '決済期日', '取引先コード', '取引先', '勘定科目', '税区分', '金額', '税計算区分', '税額', '備考', '品目', '部門',
  'メモタグ（複数指定可、カンマ区切り）', 'セグメント1', 'セグメント2', 'セグメント3', '決済日', '決済口座', '決済金額',
] as const;

/**
 * A journal as one freee 取引 (an unsettled 取引 — 未決済 — with its counterparty: the payment is
 * matched in freee from the bank statement): the first row carries 収支区分 (支出 for an expense
 * document, 収入 for revenue), 管理番号 (the document code), 発生日 and 取引先; each further 明細
 * of the same 取引 leaves those blank. The mapping's tax-class names are the mapping list's, not freee's: freee's own names are written. Each 明細 is one expense or sales line (tax-inclusive,
 * 税計算区分 内税) with its tax class, tax and department; the paying or receiving side is freee's own.
 */
export function freeeRows(journal: Journal): Array<Array<string | number>> {
  const expense = journal.side === 'expense';
  const lines = journal.rows.map((r) => (expense ? r.debit : r.credit)).filter((p) => p !== null);
  const counterparty = journal.rows.map((r) => (expense ? r.credit : r.debit)).find((p) => p)?.counterparty ?? '';
  return lines.map((line, i) => {
    const tax = taxClassOf(PRODUCT_LISTS.freee, line);
    const head = i === 0 ? [expense ? '支出' : '収入', journal.code, slashDate(journal.date), '', '', counterparty] : ['', '', '', '', '', ''];
    return [...head, line.account, tax.name, line.amount, '内税', tax.tax, journal.memo, '', line.department, '', '', '', '', '', '', ''];
  });
}
