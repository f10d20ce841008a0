/**
 * Follow-up documents as definition data (関連書類, issue #36 item 5; docs/MODULES.md "Follow-up
 * documents"): what a follow-up starts with, the difference of the amounts in the currency's minor
 * unit, and what the checker (the CLI's and the studio's publish) refuses in `ui:module.followUps`.
 * Over the toy family: `toy-source` names `toy` as its follow-up.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkDefinitions, createTranslate, followUpData, followUpDifference, followUpEntry, type DefinitionFiles, type FollowUp, type LocaleFile } from '../../src/engine';
import { problemSentence } from '../../src/engine/definitions/problem-sentence';
import { WIDGET_NAMES as registryNames } from '../../src/engine/definitions/widget-names';
import { toyFiles } from './toy-definitions';

const entry: FollowUp = { module: 'toy', link: 'department_id', fields: { currency_id: 'currency_id', note: 'note' }, amounts: { origin: 'total', followUp: 'total' } };

/** The toy family plus `toy-source`, a copy of `toy` whose definition names `followUps`. */
function withFollowUps(followUps: unknown): DefinitionFiles {
  const files = toyFiles();
  files.schemas['toy-source'] = { ...structuredClone(files.schemas.toy), $id: 'toy-source' };
  files.uiSchemas['toy-source'] = structuredClone(files.uiSchemas.toy);
  Object.assign(files.uiSchemas['toy-source']['ui:module'] as object, { title: 'toy-source.title', codePrefix: 'TSR', followUps });
  files.rules['toy-source'] = structuredClone(files.rules.toy ?? {});
  for (const lang of ['en', 'ja', 'zh'] as const) files.locales[lang]['toy-source'] = structuredClone(files.locales[lang].toy);
  files.processes!['toy-source'] = structuredClone(files.processes!.toy);
  return files;
}
const problems = (followUps: unknown) => checkDefinitions(withFollowUps(followUps), { widgetNames: registryNames })
  .map((p) => `${p.file}#${p.pointer}: ${p.message}`);
/** The problems starting with `text` (a suggestion list may name more candidates after the closest). */
const starting = (found: string[], text: string) => found.filter((p) => p.startsWith(text));

describe('followUpData', () => {
  it('carries exactly the mapped fields (copies, not the origin\'s objects) and the link naming the origin', () => {
    const origin = { currency_id: 3, note: 'Laptops', total: 900, items: [{ name: 'x' }], company_id: 1 };
    const mapped = { module: 'toy', link: 'origin_id', fields: { currency_id: 'currency_id', lines: 'items', missing: 'absent' } };
    const data = followUpData(mapped, origin, 42);
    expect(data).toEqual({ currency_id: 3, lines: [{ name: 'x' }], origin_id: 42 });
    expect(data.lines).not.toBe(origin.items);
  });
  it('finds the origin module\'s entry for a follow-up module, or none', () => {
    const module = { meta: { followUps: [entry] } } as never;
    expect(followUpEntry(module, 'toy')).toBe(entry);
    expect(followUpEntry(module, 'other')).toBeNull();
    expect(followUpEntry(undefined, 'toy')).toBeNull();
  });
});

describe('followUpDifference', () => {
  it('is follow-up − origin, each rounded by the currency\'s minor unit', () => {
    expect(followUpDifference(entry, { data: { total: 1000 }, currencyCode: 'CNY' }, { data: { total: 1200.55 }, currencyCode: 'CNY' }))
      .toEqual({ origin: 1000, follow_up: 1200.55, difference: 200.55, currency_code: 'CNY' });
    // Yen has no minor unit: 100,000.4 is 100,000 and 98,765.6 is 98,766.
    expect(followUpDifference(entry, { data: { total: 100000.4 }, currencyCode: 'JPY' }, { data: { total: '98765.6' }, currencyCode: 'JPY' }))
      .toEqual({ origin: 100000, follow_up: 98766, difference: -1234, currency_code: 'JPY' });
  });
  it('says nothing across currencies, without amounts, or for an amount that is not a number', () => {
    expect(followUpDifference(entry, { data: { total: 10 }, currencyCode: 'JPY' }, { data: { total: 10 }, currencyCode: 'CNY' })).toBeNull();
    expect(followUpDifference({ ...entry, amounts: undefined }, { data: { total: 10 }, currencyCode: 'JPY' }, { data: { total: 12 }, currencyCode: 'JPY' })).toBeNull();
    expect(followUpDifference(entry, { data: { total: 'x' }, currencyCode: 'JPY' }, { data: { total: 12 }, currencyCode: 'JPY' })).toBeNull();
  });
});

describe('ui:module.followUps in the checker', () => {
  const at = 'uiSchemas/toy-source.json#/ui:module/followUps/0';
  it('accepts a declaration whose module, link, fields and amounts fit', () => {
    expect(problems([entry])).toEqual([]);
  });
  it('refuses an unknown module with the closest names, a sub-form, the module itself and a module named twice', () => {
    expect(problems([{ ...entry, module: 'toi' }])).toContain(`${at}/module: follow-up "toi" is not a module (closest valid names: toy, toy-source)`);
    expect(problems([{ ...entry, module: 'toy-item' }])).toContain(`${at}/module: follow-up "toy-item" is a sub-form: a follow-up is a document of its own (a module)`);
    expect(problems([{ ...entry, module: 'toy-source' }])).toContain(`${at}/module: a module cannot be its own follow-up ("toy-source")`);
    expect(problems([entry, entry])).toContain('uiSchemas/toy-source.json#/ui:module/followUps/1/module: follow-up "toy" is declared twice (one entry per module)');
  });
  it('refuses a link that is not an id field of the follow-up, or that is also carried over', () => {
    expect(starting(problems([{ ...entry, link: 'departmnt_id' }]), `${at}/link: link "departmnt_id" is not a field of "toy" (closest valid names: department_id`)).toHaveLength(1);
    expect(problems([{ ...entry, link: 'note' }])).toContain(`${at}/link: link "note" of "toy" cannot hold a document id (its schema type is not integer)`);
    expect(problems([{ ...entry, fields: { ...entry.fields, department_id: 'department_id' } }]))
      .toContain(`${at}/fields/department_id: "department_id" is the link: it names the origin and is not carried over from a field`);
  });
  it('refuses fields that do not exist on either side, wrapper fields and fields whose types do not fit', () => {
    expect(starting(problems([{ ...entry, fields: { notes: 'note' } }]), `${at}/fields/notes: "notes" is not a field of "toy" (closest valid names: note`)).toHaveLength(1);
    expect(starting(problems([{ ...entry, fields: { note: 'nothe' } }]), `${at}/fields/note: "nothe" is not a field of "toy-source" (closest valid names: note`)).toHaveLength(1);
    expect(problems([{ ...entry, fields: { approvals: 'approvals' } }]).some((p) => p.startsWith(`${at}/fields/approvals: "approvals" is not a field of "toy"`))).toBe(true);
    expect(problems([{ ...entry, fields: { company_id: 'total' } }])).toContain(`${at}/fields/company_id: "total" of "toy-source" (number) does not fit "company_id" of "toy" (integer, null)`);
    expect(starting(problems([{ ...entry, amounts: { origin: 'totl', followUp: 'total' } }]), `${at}/amounts/origin: "totl" is not a field of "toy-source" (closest valid names: total`)).toHaveLength(1);
  });
  it('refuses unknown keys by the meta-schema, naming the key', () => {
    expect(problems([{ ...entry, map: {} }]).some((p) => p.includes(`${at}: must NOT have additional properties ("map")`))).toBe(true);
    expect(problems([{ module: 'toy', fields: {} }]).some((p) => p.includes("must have required property 'link'"))).toBe(true);
  });
});

describe('the follow-up problems in the studio\'s words', () => {
  it.each(['en', 'ja', 'zh'] as const)('say which follow-up or field does not fit, in %s', (lang) => {
    const files = withFollowUps([{ ...entry, module: 'toi' }]);
    for (const l of ['en', 'ja', 'zh'] as const) files.locales[l].engine = JSON.parse(readFileSync(new URL(`../../locales/${l}/engine.json`, import.meta.url), 'utf8')) as LocaleFile;
    const found = checkDefinitions(files, { widgetNames: registryNames }).concat(checkDefinitions(withFollowUps([{ ...entry, fields: { notes: 'note' } }]), { widgetNames: registryNames }));
    const said = found.map((problem) => problemSentence(problem, files, lang, createTranslate(files.locales, lang), 'toy-source').message);
    expect(said).toHaveLength(2);
    expect(said[0]).toContain('toi');
    expect(said[1]).toContain('notes');
    const generic = JSON.parse(readFileSync(new URL(`../../locales/${lang}/engine.json`, import.meta.url), 'utf8')).problems.what.other as string;
    for (const sentence of said) {
      expect(sentence).not.toContain('{{');
      expect(sentence).not.toContain(generic);
    }
  });
});
