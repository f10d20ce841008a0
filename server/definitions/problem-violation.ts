import type { DefinitionFiles, Lang, Problem } from '../../src/engine';
import { problemSentence } from '../../src/engine/definitions/problem-sentence';
import type { StudioViolation } from '../../src/wire/studio';

const PARTS: Array<[RegExp, (m: RegExpExecArray) => string]> = [
  [/^schemas\/(.+)\.json$/, () => '/schema'],
  [/^uiSchemas\/(.+)\.json$/, () => '/uiSchema'],
  [/^rules\/(.+)\.json$/, () => '/rules'],
  [/^processes\/(.+)\.json$/, () => '/process'],
  [/^attachments\/(.+)\.json$/, () => '/attachments'],
  [/^locales\/(en|ja|zh)\/(.+)\.json$/, (m) => `/locales/${m[1]}`],
];

/** What a violation's sentence is made from: the definitions checked and the reader's language. */
export interface SentenceContext {
  files: DefinitionFiles;
  lang: Lang;
  /** The engine's texts in `lang` (`DefinitionSet.translate(lang)`: `engine.problems.*`). */
  t: (key: string, params?: Record<string, unknown>) => string;
}

/**
 * A checker problem as an API violation (issue #32 item 5): `propertyPath` is a JSON pointer into
 * the source body (`/schema/properties/x`, `/locales/ja/title`, `/process/steps/0/roles`);
 * `message` is a sentence in the reader's language naming the field by its label (or the check,
 * the step, the text) and where to fix it (`problemSentence`); `detail` is the checker's technical
 * text (a problem in another module — a sub-form the body breaks — names that module's code).
 */
export function problemViolation(problem: Problem, code: string, context: SentenceContext): StudioViolation {
  for (const [pattern, part] of PARTS) {
    const match = pattern.exec(problem.file);
    if (!match) continue;
    const fileCode = match[match.length - 1];
    const detail = fileCode === code ? problem.message : `in module "${fileCode}": ${problem.message}`;
    const { message } = problemSentence(problem, context.files, context.lang, context.t, code);
    return { propertyPath: `${part(match)}${problem.pointer}`, message, detail };
  }
  const { message } = problemSentence(problem, context.files, context.lang, context.t, code);
  return { propertyPath: '', message, detail: `${problem.file}: ${problem.message}` };
}
