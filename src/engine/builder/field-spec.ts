import type { Condition } from './conditions';
import type { FieldType } from './field-types';
import type { Texts } from './texts';

/** One option of a select or multi-select: its stored value and its label in every language. */
export interface OptionSpec {
  value: string;
  labels: Texts;
}

/**
 * A field as the builder's "Add field" form states it. `addField` writes it into every part of a
 * module source at once (schema, UI schema, rules, the three locale files, attachment kinds).
 */
export interface FieldSpec {
  /** The data name (`project_code`); a date range writes `<name>_start` and `<name>_end`. */
  name: string;
  type: FieldType;
  labels: Texts;
  required?: boolean;
  /** The message of the required check, in every language (needed when `required`). */
  requiredMessages?: Texts;
  help?: Texts;
  maxLength?: number;
  /** Text: the format every non-empty value must have, a JSON Schema `pattern` (RE2-safe, see `patternProblem`). */
  pattern?: string;
  /** Text with a pattern: the message when a value does not have the format, in every language (`<code>.<name>.pattern`). */
  patternMessages?: Texts;
  minimum?: number;
  maximum?: number;
  /** Select / multi-select. */
  options?: OptionSpec[];
  /** Picker of a server list: the renderer's picker widget (`CompanyPicker`, …). */
  picker?: string;
  /** Upload: the attachment kind (document type), its accepted extensions and most files. */
  upload?: { documentType: string; accept: string[]; maxFiles: number; maxBytes?: number };
  /** Date range: the message when the end is before the start, in every language. */
  rangeMessages?: Texts;
  /** Where in the form: after this field (`null` = first; absent = last). */
  after?: string | null;
  /** Shown only while this holds (absent = always). */
  visibleWhen?: Condition;
}

/** Why a builder change was refused: a message key of `studio.builder.refused.*` and its values. */
export interface Refusal {
  refused: string;
  values?: Record<string, string | number>;
}

/** A builder change: the new source, or why not. */
export type BuilderResult<T> = { source: T } | Refusal;
