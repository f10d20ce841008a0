import type { Journal, JournalMapping } from '../../../src/engine';
import { encodeShiftJis } from '../../records/shift-jis';
import { csvText } from './csv-field';
import { FREEE_COLUMNS, freeeRows } from './freee';
import { MONEYFORWARD_COLUMNS, moneyforwardRows } from './moneyforward';
import { yayoiOnlineProblem, yayoiRows } from './yayoi';

/** The export formats (`POST /journal_exports` `format`). */
export { JOURNAL_FORMATS } from '../../../src/wire/journals';
import { JOURNAL_FORMATS } from '../../../src/wire/journals';
export type JournalFormat = (typeof JOURNAL_FORMATS)[number];
/** The file encodings a format may be written in (the first is its default). */
export type JournalEncoding = 'shift_jis' | 'utf-8';

/** A journal a preset cannot write, with the reason as a message key. */
export interface PresetProblem { key: string; values: Record<string, string | number> }

/** One preset: its header (none for 弥生), rows per journal, limits, encodings and file name. */
interface JournalPreset {
  header: readonly string[] | null;
  rows(journal: Journal, index: number, mapping: JournalMapping | undefined): Array<Array<string | number>>;
  problem?(journal: Journal): PresetProblem | null;
  encodings: readonly JournalEncoding[];
  extension: 'csv' | 'txt';
}

/**
 * The presets, one descriptor each (docs/ACCOUNTING.md has every column): 弥生会計 (25 columns, no
 * header, Shift_JIS, CRLF), its オンライン variant (the same file within オンライン's limits),
 * マネーフォワード クラウド会計 仕訳帳 (27 columns with header, UTF-8 or Shift_JIS) and freee 取引 import.
 */
export const JOURNAL_PRESETS: Record<JournalFormat, JournalPreset> = {
  yayoi: { header: null, rows: (j, _i, m) => yayoiRows(j, m), encodings: ['shift_jis'], extension: 'txt' },
  yayoi_online: { header: null, rows: (j, _i, m) => yayoiRows(j, m), problem: yayoiOnlineProblem, encodings: ['shift_jis'], extension: 'txt' },
  moneyforward: { header: MONEYFORWARD_COLUMNS, rows: (j, i, m) => moneyforwardRows(j, i + 1, m), encodings: ['utf-8', 'shift_jis'], extension: 'csv' },
  freee: { header: FREEE_COLUMNS, rows: (j) => freeeRows(j), encodings: ['shift_jis', 'utf-8'], extension: 'csv' },
};

/** The written file: its bytes, how many characters Shift_JIS could not hold, the encoding used. */
export interface JournalFile { bytes: Buffer; unmappable: number; encoding: JournalEncoding; extension: string }

/** The first journal the preset cannot write, or null. */
export function presetProblem(format: JournalFormat, journals: Journal[]): PresetProblem | null {
  const check = JOURNAL_PRESETS[format].problem;
  if (!check) return null;
  for (const journal of journals) {
    const problem = check(journal);
    if (problem) return problem;
  }
  return null;
}

/** The journals as the preset's file (byte-exact: the golden files in tests/server/journals). */
export function writeJournalFile(format: JournalFormat, journals: Journal[], mapping?: JournalMapping, encoding?: JournalEncoding): JournalFile {
  const preset = JOURNAL_PRESETS[format];
  const chosen = encoding && preset.encodings.includes(encoding) ? encoding : preset.encodings[0];
  const rows = journals.flatMap((journal, i) => preset.rows(journal, i, mapping));
  const text = csvText(preset.header ? [[...preset.header], ...rows] : rows);
  const encoded = chosen === 'shift_jis' ? encodeShiftJis(text) : { bytes: Buffer.from(text, 'utf8'), unmappable: 0 };
  return { ...encoded, encoding: chosen, extension: preset.extension };
}
