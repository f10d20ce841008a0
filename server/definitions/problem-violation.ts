import type { Problem } from '../../src/engine';
import type { StudioViolation } from '../../src/wire/studio';

const PARTS: Array<[RegExp, (m: RegExpExecArray) => string]> = [
  [/^schemas\/(.+)\.json$/, () => '/schema'],
  [/^uiSchemas\/(.+)\.json$/, () => '/uiSchema'],
  [/^rules\/(.+)\.json$/, () => '/rules'],
  [/^processes\/(.+)\.json$/, () => '/process'],
  [/^attachments\/(.+)\.json$/, () => '/attachments'],
  [/^locales\/(en|ja|zh)\/(.+)\.json$/, (m) => `/locales/${m[1]}`],
];

/**
 * A checker problem as an API violation: `propertyPath` is a JSON pointer into the source body
 * (`/schema/properties/x`, `/locales/ja/title`, `/process/steps/0/roles`). A problem in another
 * module (a sub-form the body breaks) keeps that module's code in the message.
 */
export function problemViolation(problem: Problem, code: string): StudioViolation {
  for (const [pattern, part] of PARTS) {
    const match = pattern.exec(problem.file);
    if (!match) continue;
    const fileCode = match[match.length - 1];
    const message = fileCode === code ? problem.message : `in module "${fileCode}": ${problem.message}`;
    return { propertyPath: `${part(match)}${problem.pointer}`, message };
  }
  return { propertyPath: '', message: `${problem.file}: ${problem.message}` };
}
