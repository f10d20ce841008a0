import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../lib/project-root';
import type { Prng } from './prng';

/** A supplier of the demo: its name, bank account and (Japanese ones) invoice registration number. */
export interface DemoSupplier {
  name: string;
  bank: string;
  branch: string;
  account: string;
  registration_no: string | null;
}

/** The words, suppliers and customers one language's documents are written with. */
export interface DemoLanguage {
  /** Appended to a text the demo's one edit changes. */
  revised: string;
  /** Digit patterns (`#` = a random digit). */
  patterns: Record<string, string>;
  suppliers: DemoSupplier[];
  customers: string[];
  words: Record<string, string[]>;
}

/** `[min, max, step]` of an amount, per currency code (`*`: any). */
type AmountRanges = Record<string, [number, number, number]>;

/**
 * `server/demo/demo-content.json`: what the demo documents say, as data. Per company: the language
 * its people write in and the currency they file in. Per form field (`<module or sub-form>.<path>`,
 * item indexes left out): where its text comes from — `words:<list>` (a word list of the
 * requester's language), `supplier:<name|account|bank|branch|registration_no>` (the document's
 * supplier, one per document), `customer` (the document's customer), `pattern:<name>` (`#` = a
 * digit), `none` (left empty); its amount range per currency (`[min, max, step]`, `*` for any
 * currency); how many items a list gets; dates as days from the filing day. A text field not
 * listed gets `fallback`, so a new module's fields need no code, at most a line in the file.
 * Japanese suppliers carry qualified-invoice registration numbers (T + 13 digits with the
 * corporate-number check digit) except one sole trader who has none; Chinese suppliers issue
 * fapiao instead, American ones neither. Japanese account numbers have 7 digits.
 */
export interface DemoContentFile {
  companies: Record<string, { language: string; currency: string }>;
  fallback: string;
  fields: Record<string, string>;
  amounts: Record<string, AmountRanges>;
  counts: Record<string, [number, number]>;
  dates: Record<string, [number, number]>;
  languages: Record<string, DemoLanguage>;
}

/**
 * What a generated body asks of the content for one document (`sampleBody`): keys are
 * `<form code>.<data path>` (a module or sub-form code, then the field's path without item
 * indexes). Each answer is undefined when the content has nothing to say, and the generator's
 * own default applies.
 */
export interface SampleContent {
  /** A text for a string field, `null` to leave it empty. */
  text(key: string, maxLength: number | undefined): string | null | undefined;
  /** An amount or count for a number field, in the document's currency; `null` to leave it empty. */
  number(key: string): number | null | undefined;
  /** How many items an item list gets, `[min, max]`. */
  count(key: string): [number, number] | undefined;
  /** Days from the filing day a date field falls in, `[from, to]`. */
  dateOffsets(key: string): [number, number] | undefined;
}

/** Read, not imported: every loader (tsx, Vitest, esbuild's bundle) reads it the same way. */
export function readDemoContent(): DemoContentFile {
  return JSON.parse(readFileSync(join(PROJECT_ROOT, 'server/demo/demo-content.json'), 'utf8')) as DemoContentFile;
}

/** The language and currency a company's people file in (English and the first currency for a company not listed). */
export function companyLocale(file: DemoContentFile, companyCode: string | undefined): { language: string; currency: string | null } {
  const entry = companyCode ? file.companies[companyCode] : undefined;
  return { language: entry && file.languages[entry.language] ? entry.language : 'en', currency: entry?.currency ?? null };
}

/**
 * The content of one document: its language's words, one supplier (taken in turn, so every
 * supplier of the language appears in a demo of a few dozen documents) and one customer. A
 * `large` document takes its amounts from the top quarter of their ranges and the most items
 * (a purchase big enough for the director's step).
 */
export function documentContent(
  file: DemoContentFile, language: string, currency: string, turn: number, rng: Prng, options: { large?: boolean } = {},
): SampleContent {
  const lang = file.languages[language] ?? file.languages.en;
  const supplier = lang.suppliers[turn % lang.suppliers.length];
  const customer = lang.customers[turn % lang.customers.length];
  const source = (spec: string): string | null | undefined => {
    const [kind, name] = spec.split(':');
    switch (kind) {
      case 'words': return lang.words[name]?.length ? rng.pick(lang.words[name]) : undefined;
      case 'supplier': return name in supplier ? supplier[name as keyof DemoSupplier] : undefined;
      case 'customer': return customer;
      case 'pattern': return lang.patterns[name]?.replace(/#/g, () => String(rng.int(0, 9)));
      case 'none': return null;
      default: return undefined;
    }
  };
  return {
    text(key, maxLength) {
      const value = source(file.fields[key] ?? file.fallback);
      return typeof value === 'string' && maxLength ? [...value].slice(0, maxLength).join('') : value;
    },
    number(key) {
      if (file.fields[key] === 'none') return null;
      const ranges = file.amounts[key];
      const range = ranges?.[currency] ?? ranges?.['*'];
      if (!range) return undefined;
      const [min, max, step] = range;
      const from = options.large ? min + (max - min) * 0.75 : min;
      return rng.int(Math.ceil(from / step), Math.floor(max / step)) * step;
    },
    count: (key) => (options.large && file.counts[key] ? [file.counts[key][1], file.counts[key][1]] : file.counts[key]),
    dateOffsets: (key) => file.dates[key],
  };
}
