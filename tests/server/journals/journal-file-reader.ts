import iconv from 'iconv-lite';

/**
 * Reads an exported journal file back by the products' published rules (issue 35 item 2), written
 * independently of the writers: CSV with RFC 4180 quotes, CRLF line ends, the encoding the product
 * reads. Each reader answers the journals it finds (per document code: debit and credit totals)
 * and throws on any broken rule.
 */
export function parseCsv(text: string): string[][] {
  if (text.length && !text.endsWith('\r\n')) throw new Error('the last line does not end with CRLF');
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') { field += '"'; i += 1; }
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') { row.push(field); field = ''; }
    else if (ch === '\r') {
      if (text[i + 1] !== '\n') throw new Error(`a bare CR at ${i}`);
      row.push(field); rows.push(row); row = []; field = ''; i += 1;
    } else if (ch === '\n') throw new Error(`a bare LF at ${i} (lines must end with CRLF)`);
    else field += ch;
  }
  return rows;
}

/**
 * Each line's transitional deduction (the percent its tax class or インボイス column names), in
 * file order: what a purchase without a qualified invoice deducts on its date.
 */
export interface ReadJournal { code: string; date: string; debit: number; credit: number; lines: number; steps: number[] }

/**
 * The transitional measure as published (written here independently of the engine's table): 80 %
 * from 2023-10-01, and after the 令和8年度税制改正 70 % from 2026-10-01, 50 % from 2028-10-01,
 * 30 % from 2030-10-01, nothing from 2031-10-01 (freee's announcement of the 控70 / 控30 classes
 * gives the same periods).
 */
const PUBLISHED_STEPS: Array<[string, number]> = [['2023/10/01', 80], ['2026/10/01', 70], ['2028/10/01', 50], ['2030/10/01', 30], ['2031/10/01', 0]];
const stepOn = (date: string) => PUBLISHED_STEPS.reduce((rate, [from, r]) => (date >= from ? r : rate), 0);
/** The step a tax class or インボイス value names (区分70% / （控70） / 70%控除), if any, checked against the date's. */
function step(name: string, pattern: RegExp, date: string, where: string, steps: number[]) {
  const m = pattern.exec(name);
  if (!m) return;
  const rate = Number(m[1]);
  if (rate !== stepOn(date)) throw new Error(`${where}: "${name}" on ${date}, but the transitional deduction then is ${stepOn(date)} %`);
  steps.push(rate);
}
const YAYOI_STEP = /区分(\d+)%$/;
const FREEE_STEP = /^課対仕入（控(\d+)）/;
const MF_STEP = /^(\d+)%控除$/;

const amount = (value: string, where: string) => {
  if (!/^\d+$/.test(value)) throw new Error(`${where}: amount "${value}" is not a non-negative integer`);
  return Number(value);
};
const slashDate = (value: string, where: string) => {
  if (!/^\d{4}\/\d{2}\/\d{2}$/.test(value)) throw new Error(`${where}: date "${value}" is not YYYY/MM/DD`);
  return value;
};
function decodeStrict(bytes: Buffer, encoding: 'cp932' | 'utf-8'): string {
  if (encoding === 'utf-8') return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  const text = iconv.decode(bytes, 'cp932');
  if (text.includes('\uFFFD')) throw new Error('not Shift_JIS');
  return text;
}

/** 弥生インポート形式: Shift_JIS, no header, 25 columns, 識別フラグ 2000 or 2110 (2100)* 2101, balanced slips. */
export function readYayoi(bytes: Buffer, limits?: { account: number; subAccount: number; digits: number }): ReadJournal[] {
  const rows = parseCsv(decodeStrict(bytes, 'cp932'));
  const out: ReadJournal[] = [];
  let open: ReadJournal | null = null;
  rows.forEach((r, i) => {
    const at = `line ${i + 1}`;
    if (r.length !== 25) throw new Error(`${at}: ${r.length} columns, not 25`);
    const [flag] = r;
    slashDate(r[3], at);
    const debit = amount(r[8], at); const credit = amount(r[14], at);
    amount(r[9], at); amount(r[15], at);
    if (r[19] !== '0') throw new Error(`${at}: タイプ ${r[19]}`);
    if (r[24] !== 'no') throw new Error(`${at}: 調整 ${r[24]}`);
    if (limits) {
      for (const [name, max] of [[r[4], limits.account], [r[10], limits.account], [r[5], limits.subAccount], [r[11], limits.subAccount]] as const) {
        if ([...name].length > max) throw new Error(`${at}: "${name}" longer than ${max}`);
      }
      for (const v of [r[8], r[9], r[14], r[15]]) if (v.length > limits.digits) throw new Error(`${at}: ${v} over ${limits.digits} digits`);
    }
    if (flag === '2000' || flag === '2110') {
      if (open) throw new Error(`${at}: a slip opened before ${open.code} closed`);
      open = { code: r[21], date: r[3], debit: 0, credit: 0, lines: 0, steps: [] };
    } else if (flag !== '2100' && flag !== '2101') throw new Error(`${at}: 識別フラグ ${flag}`);
    if (!open) throw new Error(`${at}: ${flag} outside a slip`);
    open.debit += debit; open.credit += credit; open.lines += 1;
    for (const tax of [r[7], r[13]]) step(tax, YAYOI_STEP, r[3], at, open.steps);
    if (flag === '2000' || flag === '2101') {
      if (open.debit !== open.credit) throw new Error(`${open.code}: debits ${open.debit} ≠ credits ${open.credit}`);
      out.push(open); open = null;
    }
  });
  if (open) throw new Error('the last slip is not closed');
  return out;
}

/** マネーフォワード 仕訳帳: header of 27 columns A–AA, compound journals by 取引No + 取引日 with debits = credits. */
export function readMoneyforward(bytes: Buffer, encoding: 'cp932' | 'utf-8', header: readonly string[]): ReadJournal[] {
  const [head, ...rows] = parseCsv(decodeStrict(bytes, encoding));
  if (head.length !== 27 || head.join() !== header.join()) throw new Error(`header ${head.join()}`);
  const byNo = new Map<string, ReadJournal>();
  rows.forEach((r, i) => {
    const at = `line ${i + 2}`;
    if (r.length !== 27) throw new Error(`${at}: ${r.length} columns, not 27`);
    slashDate(r[1], at);
    const key = `${r[0]}|${r[1]}`;
    const j = byNo.get(key) ?? { code: r[19], date: r[1], debit: 0, credit: 0, lines: 0, steps: [] };
    j.debit += r[2] ? amount(r[8], at) : 0;
    j.credit += r[10] ? amount(r[16], at) : 0;
    for (const inv of [r[7], r[15]]) {
      if (inv !== '' && inv !== '適格' && !MF_STEP.test(inv)) throw new Error(`${at}: インボイス ${inv}`);
      step(inv, MF_STEP, r[1], at, j.steps);
    }
    // The tax class of a purchase without a qualified invoice is the plain one; the step is in the インボイス column.
    for (const tax of [r[6], r[14]]) if (/控|区分/.test(tax)) throw new Error(`${at}: 税区分 ${tax}`);
    j.lines += 1;
    byNo.set(key, j);
  });
  for (const j of byNo.values()) if (j.debit !== j.credit) throw new Error(`${j.code}: debits ${j.debit} ≠ credits ${j.credit}`);
  return [...byNo.values()];
}

/** freee 取引 import: header, one 取引 per row with 収支区分, its further 明細 rows blank there; amounts add to the 取引. */
export function readFreee(bytes: Buffer, header: readonly string[]): ReadJournal[] {
  const [head, ...rows] = parseCsv(decodeStrict(bytes, 'cp932'));
  if (head.join() !== header.join()) throw new Error(`header ${head.join()}`);
  const out: ReadJournal[] = [];
  rows.forEach((r, i) => {
    const at = `line ${i + 2}`;
    if (r.length !== header.length) throw new Error(`${at}: ${r.length} columns`);
    if (r[0]) {
      if (!['収入', '支出'].includes(r[0])) throw new Error(`${at}: 収支区分 ${r[0]}`);
      out.push({ code: r[1], date: slashDate(r[2], at), debit: 0, credit: 0, lines: 0, steps: [] });
    } else if (!out.length || r[2]) throw new Error(`${at}: a 明細 row outside a 取引`);
    if (r[9] !== '内税') throw new Error(`${at}: 税計算区分 ${r[9]}`);
    const j = out.at(-1)!;
    j.debit += amount(r[8], at); j.credit += amount(r[8], at); j.lines += 1;
    step(r[7], FREEE_STEP, j.date, at, j.steps);
  });
  return out;
}
