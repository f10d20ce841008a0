import type { TFunction } from 'i18next';
import type { ModuleSource } from '../../../engine';
import type { MeaningChange } from './meaning-diff';

type Json = Record<string, unknown>;
type Lang = 'en' | 'ja' | 'zh';
const LANGS: readonly Lang[] = ['en', 'ja', 'zh'];

/** The text at `path` of a source's locale in `lang` ('' when there is none). */
function textOf(source: ModuleSource | null, lang: string, path: string[]): string {
  let node: unknown = (source?.locales as Record<string, unknown> | undefined)?.[lang];
  for (const part of path) node = node && typeof node === 'object' ? (node as Json)[part] : undefined;
  return typeof node === 'string' ? node : '';
}

const fieldsOf = (source: ModuleSource | null) => Object.keys(((source?.schema as Json | undefined)?.properties ?? {}) as Json);

/** A text's part of a field as the sentence names it (`label`, `help` …; another key: the key itself). */
const ASPECTS: Record<string, string> = { label: 'label', help: 'help', itemTitle: 'itemTitle', options: 'options', pattern: 'pattern' };

/**
 * What a publish changes, in sentences of the studio's language ("Field "Project code": label
 * changed", "Step "Manager approval" added"), from the diff of meaning: fields, steps and texts
 * named by their labels and names in `lang`, never by keys or paths. A text changed in several
 * languages is one sentence (naming the languages when not all three); the texts of a field or
 * rule added or removed are not repeated (the field's or rule's sentence says it).
 */
export function changeSentences(t: TFunction, changes: MeaningChange[], before: ModuleSource | null, after: ModuleSource, lang: string): string[] {
  const code = after.code;
  const both = [after, before];
  const text = (path: string[]) => {
    for (const source of both) {
      const found = textOf(source, lang, path) || textOf(source, 'en', path);
      if (found) return found;
    }
    return '';
  };
  const label = (field: string) => text([field, 'label']) || field;
  const field = (name: string) => t('studio.changes.field', { label: label(name) });
  const stepName = (stepCode: string) => {
    for (const source of both) {
      const step = (source?.process?.steps ?? []).find((s) => s?.code === stepCode);
      const name = step?.names?.[lang as Lang] || step?.names?.en;
      if (name) return name;
    }
    return stepCode;
  };
  /** A message key's text: the module's own (`<code>.messages.x`) from its locales, an engine key from the app's texts. */
  const messageText = (key: string) => {
    const own = key.startsWith(`${code}.`) ? text(key.slice(code.length + 1).split('.')) : '';
    return own || t(key, { defaultValue: key });
  };
  const sentence = (change: MeaningChange['change'], subject: string) => t(`studio.changes.${change}`, { subject });

  // Fields and rules added or removed carry their texts: those text changes are not listed again.
  const gone = new Set(changes.filter((c) => c.area === 'fields' && c.change !== 'changed').map((c) => c.name));
  const ruleMessages = new Set(changes.filter((c) => c.area === 'rules' && c.change !== 'changed' && c.name.startsWith('validation ')).map((c) => c.name.replace(/^validation /, '').replace(/ #\d+$/, '')));

  const out: string[] = [];
  // Text changes grouped by what they change (a label changed in en, ja and zh is one sentence).
  const texts = new Map<string, { change: MeaningChange['change']; subject: string; langs: Set<string> }>();
  for (const c of changes) {
    if (c.area === 'fields') out.push(sentence(c.change, field(c.name)));
    else if (c.area === 'steps') out.push(sentence(c.change, t('studio.changes.step', { name: stepName(c.name) })));
    else if (c.area === 'settings') {
      const subject = { 'ui:module': 'moduleSettings', 'ui:order': 'fieldOrder', attachments: 'uploadTypes', 'step order': 'stepOrder' }[c.name] ?? 'moduleSettings';
      out.push(sentence(c.change, t(`studio.changes.${subject}`)));
    } else if (c.area === 'rules') {
      const [kind, ...rest] = c.name.split(' ');
      const subjectName = rest.join(' ').replace(/ #\d+$/, '');
      const subject
        = c.name === 'validation order' ? t('studio.changes.checkOrder')
          : kind === 'validation' ? t('studio.changes.check', { text: messageText(subjectName) })
            : kind === 'each' ? t('studio.changes.eachItem', { label: label(subjectName) })
              : kind === 'visibility' ? t('studio.changes.visibility', { label: label(subjectName) })
                : kind === 'effect' ? t('studio.changes.effect', { label: label(subjectName) })
                  : kind === 'computed' ? t('studio.changes.computed', { label: label(subjectName) })
                    : kind === 'label' ? t('studio.changes.labelRule', { label: label(subjectName) })
                      : t('studio.changes.submitEnabled');
      out.push(sentence(c.change, subject));
    } else {
      const match = /^([a-z]+): (.*)$/.exec(c.name);
      if (!match) continue;
      const [, textLang, path] = match;
      const [head, second, ...more] = path.split('.');
      let subject: string;
      if (head === 'title' && second === undefined) subject = t('studio.changes.title');
      else if (head === 'messages' && second) {
        if (ruleMessages.has(`${code}.messages.${[second, ...more].join('.')}`)) continue;
        subject = t('studio.changes.message', { text: text(['messages', second, ...more]) || second });
      } else if (second && (fieldsOf(after).includes(head) || fieldsOf(before).includes(head))) {
        if (gone.has(head)) continue;
        const aspect = ASPECTS[second];
        subject = t('studio.changes.of', { owner: field(head), part: aspect ? t(`studio.changes.parts.${aspect}`) : t('studio.changes.text', { key: [second, ...more].join('.') }) });
      } else subject = t('studio.changes.text', { key: path });
      const key = `${c.change}\u0000${subject}`;
      const known = texts.get(key);
      if (known) known.langs.add(textLang);
      else {
        texts.set(key, { change: c.change, subject, langs: new Set([textLang]) });
        out.push(key);
      }
    }
  }
  return out.map((line) => {
    const grouped = texts.get(line);
    if (!grouped) return line;
    const said = sentence(grouped.change, grouped.subject);
    return LANGS.every((l) => grouped.langs.has(l)) ? said : t('studio.changes.inLangs', { sentence: said, langs: [...grouped.langs].join(', ') });
  });
}
