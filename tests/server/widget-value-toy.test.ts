/**
 * One descriptor per widget value (issue #32): a toy picker over a server list registered here —
 * and nowhere else but the widget names the renderer would add — is checked by the definition
 * checker (its field must hold an id), offered and read back by the builder's field types, and
 * its ids are checked by the server's reference checks at filing (an id not in the list: 422 at
 * the field), with no other edit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addField, blankModule, checkDefinitions, registerWidgetValue, SERVER_PICKERS, typeOf, widgetsHolding, widgetValue,
  type CompiledModule, type FormData, type ModuleSource,
} from '../../src/engine';
import { WIDGET_NAMES } from '../../src/engine/definitions/widget-names';
import { problemSentence } from '../../src/engine/definitions/problem-sentence';
import { referenceViolations } from '../../server/workflow/filing/reference-violations';
import { toyFiles } from '../engine/toy-definitions';
import { buildTestApp, type TestApp } from './helpers';

const SITE = { widget: 'SitePicker', value: 'recordId' as const, list: { table: 'locations' }, builderPicker: true };
let unregister: () => void;
let t: TestApp;
beforeAll(async () => {
  unregister = registerWidgetValue(SITE);
  t = await buildTestApp();
});
afterAll(async () => { unregister(); await t?.close(); });

const tri = (en: string) => ({ en, ja: `${en}（ja）`, zh: `${en}（zh）` });
const check = (type: unknown) => {
  const files = toyFiles();
  (files.schemas.toy.properties as Record<string, unknown>).site_id = { type };
  (files.uiSchemas.toy as Record<string, unknown>).site_id = { 'ui:widget': 'SitePicker' };
  ((files.uiSchemas.toy as Record<string, unknown>)['ui:order'] as string[]).push('site_id');
  for (const lang of ['en', 'ja', 'zh'] as const) (files.locales[lang].toy as Record<string, unknown>).site_id = { label: `${lang} Site` };
  return { files, problems: checkDefinitions(files, { widgetNames: [...WIDGET_NAMES, 'SitePicker'] }) };
};

describe('a toy widget value (a picker over a server list)', () => {
  it('every widget the renderer registers says what it stores', () => {
    expect(WIDGET_NAMES.filter((name) => !widgetValue(name))).toEqual([]);
  });

  it('is refused twice; the file-reference widgets stay the uploader', () => {
    expect(() => registerWidgetValue(SITE)).toThrow(/already registered/);
    expect(widgetsHolding('fileRefs')).toEqual(['FileUploader']);
  });

  it('the checker accepts an id field and refuses a field that cannot hold an id, in words', () => {
    expect(check(['integer', 'null']).problems).toEqual([]);
    const { files, problems } = check(['boolean', 'null']);
    expect(problems.map((p) => `${p.pointer}: ${p.message}`)).toEqual(['/site_id/ui:widget: widget "SitePicker" stores recordId (integer or string or array), not boolean']);
    const sentence = problemSentence(problems[0], files, 'en', t.app.definitions.translate('en'));
    expect(sentence.message).toContain('“SitePicker” cannot hold this field\'s kind of value');
  });

  it('the builder offers it as a picker, writes it and reads the field back as a picker', () => {
    expect(SERVER_PICKERS).toContain('SitePicker');
    const result = addField(blankModule('trip', tri('Trip')), { name: 'site_id', type: 'picker', picker: 'SitePicker', labels: tri('Site') });
    expect('refused' in result).toBe(false);
    const source = (result as { source: ModuleSource }).source;
    expect((source.uiSchema as Record<string, unknown>).site_id).toEqual({ 'ui:widget': 'SitePicker' });
    expect(typeOf((source.schema.properties as Record<string, never>).site_id, 'SitePicker')).toBe('picker');
  });

  it('the server refuses an id its list does not have, at the field, and accepts one it has', async () => {
    const module = {
      code: 'site-visit', kind: 'module',
      schema: { type: 'object', properties: { site_id: { type: ['integer', 'null'] }, note: { type: ['string', 'null'] } } },
      uiSchema: { site_id: { 'ui:widget': 'SitePicker' }, note: { 'ui:widget': 'text' } },
    } as unknown as CompiledModule;
    const location = await t.db.selectFrom('locations').select('id').orderBy('id').executeTakeFirstOrThrow();
    const missing = (await t.db.selectFrom('locations').select((eb) => eb.fn.max('id').as('max')).executeTakeFirstOrThrow()).max as number + 1000;
    const user = await t.db.selectFrom('users').select('id').where('email', '=', 'employee@example.com').executeTakeFirstOrThrow();
    const translate = t.app.definitions.translate('en');
    const run = (data: FormData) => referenceViolations(t.db, t.app.definitions, module, data, [], translate, () => 'Site', user.id);
    const refused = await run({ site_id: missing, note: 'x' });
    expect(refused.map((v) => [v.propertyPath, v.messageKey])).toEqual([['site_id', 'engine.validation.unknownRecord']]);
    expect(refused[0].message).toContain('Site');
    expect(await run({ site_id: location.id, note: 'x' })).toEqual([]);
    expect(await run({ site_id: null })).toEqual([]);
  });
});
