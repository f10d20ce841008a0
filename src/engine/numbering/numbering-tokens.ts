/**
 * The tokens a numbering format (`ui:module.numbering.<kind>.format`) may use: one descriptor per
 * token, read by the format's checker, the renderer and the studio's help text. A token is written
 * `{name}` or, where it takes a width, `{name:N}`.
 */

/** What a number is made of at the moment it is given. */
export interface NumberingValues {
  /** The document's company code (`companies.code`). */
  companyCode: string;
  /** The fiscal year the number falls in (the calendar year in which that fiscal year starts). */
  fiscalYear: number;
  /** Calendar year and month in the company's time zone. */
  year: number;
  month: number;
  /** The module's code prefix (`ui:module.codePrefix`), else its code upper-cased. */
  moduleCode: string;
  /** The sequence number within its counter (1, 2, …). */
  sequence: number;
}

/** One token of a numbering format. */
export interface NumberingToken {
  name: string;
  /** Takes `:N` (a width 1–9); the default width when written without it. */
  width?: { default: number };
  /** The token's text for these values at `width`. */
  render(values: NumberingValues, width: number): string;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Every token, in the order the studio lists them. */
export const NUMBERING_TOKENS: readonly NumberingToken[] = [
  { name: 'company', render: (v) => v.companyCode },
  { name: 'fy', render: (v) => pad(v.fiscalYear, 4) },
  { name: 'fy2', render: (v) => pad(v.fiscalYear % 100, 2) },
  { name: 'yyyy', render: (v) => pad(v.year, 4) },
  { name: 'yy', render: (v) => pad(v.year % 100, 2) },
  { name: 'mm', render: (v) => pad(v.month, 2) },
  { name: 'module', render: (v) => v.moduleCode },
  { name: 'seq', width: { default: 4 }, render: (v, width) => pad(v.sequence, width) },
];

/** The token named `name`, or undefined. */
export function numberingToken(name: string): NumberingToken | undefined {
  return NUMBERING_TOKENS.find((token) => token.name === name);
}
