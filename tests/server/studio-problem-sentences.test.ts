import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copySource, type JsonSchema, type Lang, type ModuleSource } from '../../src/engine';
import { buildTestApp, type TestApp } from './helpers';

/**
 * Issue #32 item 5: every problem the checker reports through the studio API is a sentence in the
 * studio's language naming the field by its label and where to fix it (`message`), with the
 * checker's technical text apart (`detail`); publishing refuses with the same (item 4: an unsafe
 * pattern is refused and nothing is stored).
 */
let t: TestApp;
let admin: string;
let purchase: ModuleSource;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.login('admin@example.com');
  purchase = (await call('GET', '/api/module-definitions/purchase/source', admin, undefined, 'en')).json() as ModuleSource;
});
afterAll(async () => t?.close());

const call = (method: 'GET' | 'POST', url: string, token: string, payload: unknown, lang: Lang) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${token}`, 'accept-language': lang }, ...(payload === undefined ? {} : { payload: payload as object }) });
type Violation = { propertyPath: string; message: string; detail?: string };
const check = async (source: ModuleSource, lang: Lang) => (await call('POST', '/api/module-definitions/check', admin, source, lang)).json().violations as Violation[];

/** A copy of purchase with a text field "project_code" labelled in en/ja/zh, with `extra` in its schema. */
function withProjectCode(code: string, extra: Partial<JsonSchema> = {}): ModuleSource {
  const source = copySource(purchase, code);
  (source.schema.properties as Record<string, JsonSchema>).project_code = { type: ['string', 'null'], default: null, ...extra } as JsonSchema;
  const labels = { en: 'Project code', ja: 'プロジェクトコード', zh: '项目代码' };
  for (const lang of ['en', 'ja', 'zh'] as const) (source.locales[lang] as Record<string, unknown>).project_code = { label: labels[lang] };
  const order = source.uiSchema['ui:order'];
  if (Array.isArray(order) && !order.includes('*')) order.push('project_code');
  return source;
}

describe('checker problems as sentences (issue #32 item 5)', () => {
  it('an unknown field in a rule names the check, the field it is on and the builder place; the pointer and checker text are the detail', async () => {
    const source = withProjectCode('sentence-var');
    const rules = source.rules.validations!;
    const index = rules.findIndex((r) => 'field' in r && r.field === 'company_id');
    expect(index).toBeGreaterThanOrEqual(0);
    (rules[index] as { when: unknown }).when = { blank: [{ var: 'no_such_field' }] };
    const companyLabel = { en: (purchase.locales.en as Record<string, { label: string }>).company_id.label, ja: (purchase.locales.ja as Record<string, { label: string }>).company_id.label };

    const en = (await check(source, 'en')).find((v) => v.detail?.includes('no_such_field'));
    expect(en).toEqual({
      propertyPath: `/rules/validations/${index}/when`,
      message: `Check ${index + 1} on “${companyLabel.en}” (Builder › Checks): it uses “no_such_field”, which is not a field of this form. Choose one of the form's fields, or add the field first.`,
      detail: expect.stringContaining('var "no_such_field" is not a field of the schema'),
    });
    const ja = (await check(source, 'ja')).find((v) => v.detail?.includes('no_such_field'));
    expect(ja?.message).toBe(`「${companyLabel.ja}」のチェック${index + 1}（ビルダー › チェック）：「no_such_field」を使っていますが、このフォームの項目ではありません。フォームの項目から選ぶか、先に項目を追加してください。`);
    expect(ja?.detail).toBe(en?.detail);
  });

  it('an unsafe pattern names the field by its label in the studio language; RE2\'s reason is the detail', async () => {
    const source = withProjectCode('sentence-pattern', { pattern: '^(?=PRJ)[A-Z]+-[0-9]{4}$' } as Partial<JsonSchema>);
    const ja = (await check(source, 'ja')).find((v) => v.propertyPath === '/schema/properties/project_code/pattern');
    expect(ja?.message).toMatch(/^項目「プロジェクトコード」（ビルダー › 項目 › 編集ボタン）：入力形式（パターン）を安全に検査できません。/);
    expect(ja?.message).not.toMatch(/RE2|linear-time|\/schema/);
    expect(ja?.detail).toContain('cannot run on the linear-time regular expression engine');
    const en = (await check(source, 'en')).find((v) => v.propertyPath === '/schema/properties/project_code/pattern');
    expect(en?.message).toMatch(/^Field “Project code” \(Builder › Fields › its edit button\): its format \(pattern\) cannot be checked safely/);
  });

  it('a missing translation names the text by the field\'s label and the languages it lacks, in the reader\'s language', async () => {
    const source = withProjectCode('sentence-locale');
    delete (source.locales.zh as Record<string, unknown>).project_code;
    const ja = (await check(source, 'ja')).find((v) => v.detail?.includes('project_code.label'));
    expect(ja?.message).toContain('テキスト「sentence-locale.project_code.label」が中国語にありません。すべての言語で入力してください。');
    const en = (await check(source, 'en')).find((v) => v.detail?.includes('project_code.label'));
    expect(en?.message).toContain('the text “sentence-locale.project_code.label” is missing in Chinese. Fill it in every language.');
    expect(en?.message).not.toContain('/locales');
  });

  it('a problem the sentence table does not know is still a sentence with its place, and the checker text as detail', async () => {
    const source = withProjectCode('sentence-other');
    (source.uiSchema['ui:module'] as Record<string, unknown>).indexLabel = 'squares';
    const violations = await check(source, 'en');
    expect(violations.length).toBeGreaterThan(0);
    for (const v of violations) {
      expect(v.detail).toEqual(expect.any(String));
      expect(v.message).not.toBe(v.detail);
    }
  });
});

describe('publishing refuses an unsafe pattern (issue #32 items 4 and 5)', () => {
  it('POST answers 422 with the sentence and the detail, and stores nothing', async () => {
    const source = withProjectCode('unsafe-pattern', { pattern: '^(a+)\\1$' } as Partial<JsonSchema>);
    const response = await call('POST', '/api/module-definitions', admin, source, 'ja');
    expect(response.statusCode).toBe(422);
    const body = response.json() as { message: string; violations: Violation[] };
    expect(body.violations).toContainEqual({
      propertyPath: '/schema/properties/project_code/pattern',
      message: expect.stringMatching(/^項目「プロジェクトコード」.*入力形式（パターン）を安全に検査できません/),
      detail: expect.stringContaining('linear-time regular expression engine'),
    });
    expect(body.message).toContain('項目「プロジェクトコード」');
    expect((await call('GET', '/api/module-definitions/unsafe-pattern/source', admin, undefined, 'en')).statusCode).toBe(404);
  });
});
