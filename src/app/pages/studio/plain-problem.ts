import type { TFunction } from 'i18next';
import { NOBODY_APPROVES, type ModuleSource } from '../../../engine';
import { toLanguage } from '../../i18n';
import type { StudioViolation } from './studio-api';

const TYPES = ['string', 'integer', 'number', 'boolean', 'object', 'array', 'null'];

/** Names a step of `draft` by its code in `lang` (the code itself when the draft has no such step). */
export function stepNamer(draft: ModuleSource | null | undefined, lang: string): (code: string) => string {
  return (code) => {
    const step = (Array.isArray(draft?.process?.steps) ? draft.process.steps : []).find((s) => s?.code === code);
    return step?.names?.[toLanguage(lang)] || step?.names?.en || code;
  };
}

/** Where a violation is, readable: "Steps › step 1 › roles › 1" for `/process/steps/0/roles/0`. */
export function plainWhere(t: TFunction, propertyPath: string): string {
  const [part, ...rest] = propertyPath.split('/').slice(1).map((p) => p.replaceAll('~1', '/').replaceAll('~0', '~'));
  if (!part) return t('studio.plain.module');
  const words = rest.map((p, i) => (/^\d+$/.test(p) ? (rest[i - 1] === 'steps' ? t('studio.plain.step', { n: Number(p) + 1 }) : `${Number(p) + 1}`) : p)).filter((p, i) => !(rest[i] === 'steps' && /^\d+$/.test(rest[i + 1] ?? '')));
  return [t(`studio.parts.${part}`, { defaultValue: part }), ...words].join(' › ');
}

/**
 * A checker message in plain language, in the UI language: the meta-schemas' raw texts (Ajv's
 * `must match pattern "^[a-z]…"`, `must be equal to one of the allowed values`) become sentences a
 * person acts on; the checker's own sentences (unknown fields, missing translations) stay.
 */
export function plainMessage(t: TFunction, message: string, nameStep: (code: string) => string = (code) => code): string {
  let m: RegExpExecArray | null;
  if ((m = new RegExp(`^${NOBODY_APPROVES} "([^"]+)"`).exec(message))) return t('studio.plain.nobodyApproves', { step: nameStep(m[1]) });
  if ((m = /^must match pattern "\^\[a-z\]\[a-z0-9-\]\{0,(\d+)\}\$"$/.exec(message))) return t('studio.plain.code', { max: Number(m[1]) + 1 });
  if (message.startsWith('must match pattern')) return t('studio.plain.pattern');
  if ((m = /^must be equal to one of the allowed values(?: \((.*)\))?$/.exec(message))) return t('studio.plain.enum', { allowed: m[1] ?? '' });
  if ((m = /^must have required property '(.+)'$/.exec(message))) return t('studio.plain.required', { name: m[1] });
  if ((m = /^must NOT have additional properties \("([^"]+)"\)(.*)$/.exec(message))) return t('studio.plain.unknownKey', { name: m[1] }) + m[2];
  if ((m = /^must be (\w+)$/.exec(message)) && TYPES.includes(m[1])) return t('studio.plain.type', { type: t(`studio.plain.types.${m[1]}`) });
  if ((m = /^must NOT have fewer than (\d+) (characters|items)$/.exec(message))) return t('studio.plain.tooFew', { n: Number(m[1]) });
  if ((m = /^must NOT have more than (\d+) (characters|items)$/.exec(message))) return t('studio.plain.tooMany', { n: Number(m[1]) });
  return message;
}

/** "Where: what" of a violation, in plain language (`nameStep`: the draft's step names, see `stepNamer`). */
export function plainProblem(t: TFunction, v: StudioViolation, nameStep?: (code: string) => string): string {
  return `${plainWhere(t, v.propertyPath)}: ${plainMessage(t, v.message, nameStep)}`;
}
