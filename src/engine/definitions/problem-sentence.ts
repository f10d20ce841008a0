import type { DefinitionFiles, Lang, Problem, Translate } from '../types';
import { NOBODY_APPROVES } from '../routes/check-route';

/** A checker problem for a person: a sentence in their language, and the technical text behind it. */
export interface ProblemSentence {
  /** Where to fix it (the field's label, the check, the step…) and what is wrong, in the reader's language. */
  message: string;
  /** The checker's own text (file, JSON pointer, RE2 or Ajv message), for whoever edits the JSON. */
  detail: string;
}

type Json = Record<string, unknown>;
type Values = Record<string, string | number>;

/**
 * What is wrong, by the checker's message (one table, read by `problemSentence`): a kind of
 * `engine.problems.what.<kind>` and its values. The checker's messages are its stable English
 * sentences (the command line and the tests read them); a message no row knows becomes the
 * `other` kind — still a sentence naming the place, with the technical text as the detail.
 */
const WHAT: Array<[RegExp, string, (m: RegExpExecArray) => Values]> = [
  [/^pattern "([\s\S]*)" cannot run on the linear-time regular expression engine/, 'pattern', (m) => ({ pattern: m[1] })],
  [/^pattern must be a string$/, 'pattern', () => ({ pattern: '' })],
  [/^format "([^"]*)" is not one a definition may use/, 'format', (m) => ({ format: m[1] })],
  [/^the (application|decision) number's format "([^"]*)": /, 'numberingFormat', (m) => ({ numberKind: m[1], format: m[2] })],
  // Follow-up documents (`ui:module.followUps`, src/engine/follow-ups/check-follow-ups.ts).
  [/^follow-up "([^"]+)" is not a module/, 'followUpModule', (m) => ({ module: m[1] })],
  [/^(?:follow-up "([^"]+)" is (?:a sub-form|an organisation change request|declared twice)|a module cannot be its own follow-up \("([^"]+)"\))/, 'followUpKind', (m) => ({ module: m[1] ?? m[2] })],
  [/^(?:link )?"([^"]+)" (?:of "[^"]+" )?(?:is not a field of "([^"]+)"|cannot hold a document id|is the link|\([^)]*\) does not fit)/, 'followUpField', (m) => ({ field: m[1] })],
  [/^(?:var )?"([^"]+)" is not a field of the items of "([^"]+)"/, 'unknownItemField', (m) => ({ name: m[1], list: m[2] })],
  [/^(?:var )?"([^"]+)" is not a field of (?:the schema|every parent form)/, 'unknownField', (m) => ({ name: m[1] })],
  [/^unknown field "([^"]+)" in the condition/, 'unknownField', (m) => ({ name: m[1] })],
  [/^field "([^"]+)" is missing from ui:order/, 'missingFromOrder', (m) => ({ name: m[1] })],
  [/^translation key "([^"]+)" is missing in ([a-z, ]+)/, 'missingTranslation', (m) => ({ key: m[1], langs: m[2] })],
  [/^key "([^"]+)" exists in other languages but is missing in ([a-z, ]+)/, 'missingTranslation', (m) => ({ key: m[1], langs: m[2] })],
  [/^unknown operation "([^"]+)"/, 'unknownOperation', (m) => ({ name: m[1] })],
  [/^unknown (?:widget|field) "([^"]+)"/, 'unknownWidget', (m) => ({ name: m[1] })],
  [/^widget "([^"]+)" stores /, 'widgetValue', (m) => ({ name: m[1] })],
  [new RegExp(`^${NOBODY_APPROVES} "([^"]+)"`), 'nobodyApproves', () => ({})],
  [/^unknown position "([^"]+)"/, 'unknownPosition', (m) => ({ name: m[1] })],
  [/^unknown role "([^"]+)"/, 'unknownRole', (m) => ({ name: m[1] })],
  [/^step "([^"]+)" appears twice/, 'stepTwice', (m) => ({ name: m[1] })],
  [/^step "([^"]+)" has other names or roles than in module "([^"]+)"/, 'stepShared', (m) => ({ name: m[1], module: m[2] })],
  [/^the schema limits "([^"]+)" to (\d+) characters \(maxLength\)/, 'hiddenMessage', (m) => ({ name: m[1], n: Number(m[2]) })],
  [/contains an HTML tag|javascript:\/data: URL/, 'markup', () => ({})],
  [/is a reserved word/, 'reserved', () => ({})],
  [/^must match pattern "\^\[a-z\]\[a-z0-9-\]\{0,(\d+)\}\$"$/, 'code', (m) => ({ max: Number(m[1]) + 1 })],
  [/^must match pattern/, 'shape', () => ({})],
  [/^must be equal to one of the allowed values(?: \((.*)\))?$/, 'enum', (m) => ({ allowed: m[1] ?? '' })],
  [/^must have required property '(.+)'$/, 'required', (m) => ({ name: m[1] })],
  [/^must NOT have additional properties \("([^"]+)"\)/, 'unknownKey', (m) => ({ name: m[1] })],
  [/^must be (string|integer|number|boolean|object|array|null)$/, 'type', (m) => ({ type: m[1] })],
  [/^must NOT have fewer than (\d+) (?:characters|items)$/, 'tooFew', (m) => ({ n: Number(m[1]) })],
  [/^must NOT have more than (\d+) (?:characters|items)$/, 'tooMany', (m) => ({ n: Number(m[1]) })],
];

const FILE = /(schemas|uiSchemas|rules|processes|attachments)\/([^/]+)\.json$/;
const LOCALE_FILE = /locales\/(en|ja|zh)\/([^/]+)\.json$/;
const unescape = (p: string) => p.replaceAll('~1', '/').replaceAll('~0', '~');
const at = (node: unknown, path: Array<string | number>): unknown => path.reduce<unknown>((n, p) => (n && typeof n === 'object' ? (n as Json)[String(p)] : undefined), node);
const str = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

/**
 * A checker problem as a sentence in `lang` (issue #32 item 5): the place to fix it — the
 * field by its label in `lang`, a check by its number and field, an approval step by its name,
 * a text by its language — and what is wrong (`WHAT`), from `engine.problems.*`. `files` are the
 * definitions the problem was found in (the draft among them); `draft` is the code the studio
 * edits (a problem of another form names that form). The checker's text is the `detail`.
 */
export function problemSentence(problem: Problem, files: DefinitionFiles, lang: Lang, t: Translate, draft?: string): ProblemSentence {
  const detail = `${problem.file}${problem.pointer ? ` ${problem.pointer}` : ''}: ${problem.message}`;
  const pointer = problem.pointer.split('/').slice(1).map(unescape);
  const locale = LOCALE_FILE.exec(problem.file);
  const part = FILE.exec(problem.file);
  const code = locale?.[2] ?? part?.[2] ?? '';
  const text = (path: Array<string | number>) => str(at(files.locales[lang]?.[code], path)) ?? str(at(files.locales.en?.[code], path));
  const label = (field: string) => text([field, 'label'])?.replace(/ \(from\)$|（開始）$|（开始）$/, '') ?? field;
  const stepName = (i: number) => {
    const step = at(files.processes?.[code], ['steps', i]) as { code?: string; names?: Partial<Record<Lang, string>> } | undefined;
    return str(step?.names?.[lang]) ?? str(step?.names?.en) ?? step?.code ?? String(i + 1);
  };
  const fields = new Set(Object.keys(((files.schemas[code] as Json | undefined)?.properties ?? {}) as Json));

  let where: [string, Values?] = ['module'];
  if (locale) {
    const [head, second] = pointer;
    const language = t(`engine.problems.languages.${locale[1]}`);
    if (head && fields.has(head) && (second === 'label' || second === 'pattern' || second === 'help')) where = [`text.${second}`, { language, label: label(head) }];
    else where = ['text.other', { language, key: [code, ...pointer].join('.') }];
  } else if (part?.[1] === 'schemas') {
    const field = pointer[0] === 'properties' ? pointer[1] : undefined;
    where = field ? ['field', { label: label(field) }] : ['schema'];
  } else if (part?.[1] === 'uiSchemas') {
    const head = pointer[0];
    if (head && fields.has(head)) where = ['field', { label: label(head) }];
    else if (head === 'ui:order') where = ['order'];
    else if (head === 'ui:module') where = ['moduleSettings'];
    else where = ['uiSchema'];
  } else if (part?.[1] === 'rules') {
    const [kind, key] = pointer;
    const rules = files.rules[code] as Json | undefined;
    if (kind === 'validations' && /^\d+$/.test(key ?? '')) {
      const field = str(at(rules, ['validations', Number(key), 'field']));
      where = field ? ['checkOn', { n: Number(key) + 1, label: label(field.split(/[.[]/)[0]) }] : ['check', { n: Number(key) + 1 }];
    } else if (kind === 'computed' && key !== undefined) {
      const field = /^\d+$/.test(key) ? str(at(rules, ['computed', Number(key), 'field'])) : key;
      where = field ? ['computed', { label: label(field) }] : ['rules'];
    } else if (kind === 'visibility' && key) {
      where = ['visibility', { label: label(key) }];
    } else if (kind === 'effects') {
      where = ['effects'];
    } else where = ['rules'];
  } else if (part?.[1] === 'processes') {
    where = pointer[0] === 'steps' && /^\d+$/.test(pointer[1] ?? '') ? ['step', { step: stepName(Number(pointer[1])) }] : ['steps'];
  } else if (part?.[1] === 'attachments') {
    where = pointer[0] ? ['attachment', { kind: pointer[0] }] : ['attachments'];
  }
  let place = t(`engine.problems.places.${where[0]}`, where[1]);
  if (draft && code && code !== draft) place = t('engine.problems.inForm', { place, form: str(at(files.locales[lang]?.[code], ['title'])) ?? code });

  let what: [string, Values] = ['other', {}];
  for (const [pattern, kind, values] of WHAT) {
    const m = pattern.exec(problem.message);
    if (m) {
      what = [kind, values(m)];
      break;
    }
  }
  const values = { ...what[1] };
  if (typeof values.langs === 'string') values.langs = values.langs.trim().split(/,\s*/).map((l) => t(`engine.problems.languages.${l}`)).join(t('engine.validation.listSeparator'));
  if (typeof values.type === 'string') values.type = t(`engine.types.${values.type}`);
  if (typeof values.numberKind === 'string') values.number = t(`engine.problems.numberKinds.${values.numberKind}`);
  if (typeof values.name === 'string') values.label = fields.has(values.name) ? label(values.name) : values.name;
  return { message: t('engine.problems.sentence', { place, what: t(`engine.problems.what.${what[0]}`, values) }), detail };
}
