/**
 * Issue #32 item 5: `problemSentence` turns a checker problem into a sentence in the reader's
 * language — the place to fix it (the field by its label, a check by its number and field, a step
 * by its name, a text by its language, another form by its title) and what is wrong — with the
 * checker's own text as the detail.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createTranslate, type DefinitionFiles, type Lang, type LocaleFile, type Problem } from '../../src/engine';
import { problemSentence } from '../../src/engine/definitions/problem-sentence';

const engine = (lang: Lang) => JSON.parse(readFileSync(new URL(`../../locales/${lang}/engine.json`, import.meta.url), 'utf8')) as LocaleFile;
const texts = { en: 'Destination', ja: '行き先', zh: '目的地' };
const files: DefinitionFiles = {
  schemas: { trip: { type: 'object', properties: { destination: { type: 'string', maxLength: 20 }, legs: { type: 'array' } } }, 'trip-leg': { type: 'object', properties: { city: { type: 'string' } } } },
  uiSchemas: { trip: {}, 'trip-leg': {} },
  rules: { trip: { validations: [{ field: 'destination', when: { blank: [{ var: 'destination' }] }, message: 'trip.messages.destination' }] } },
  processes: { trip: { steps: [{ code: 'p-head', names: { en: 'Head approval', ja: '部長承認', zh: '部长审批' } }] } },
  locales: Object.fromEntries((['en', 'ja', 'zh'] as const).map((lang) => [lang, {
    engine: engine(lang),
    trip: { title: 'Trip', destination: { label: texts[lang] } },
    'trip-leg': { title: { en: 'Trip leg', ja: '行程', zh: '行程' }[lang], city: { label: { en: 'City', ja: '都市', zh: '城市' }[lang] } },
  }])) as unknown as DefinitionFiles['locales'],
};
const say = (problem: Problem, lang: Lang) => problemSentence(problem, files, lang, createTranslate(files.locales, lang), 'trip');

describe('problemSentence', () => {
  it.each<[string, Problem, Lang, string]>([
    ['an unknown var in a check', { file: 'rules/trip.json', pointer: '/validations/0/when', message: 'var "destinaton" is not a field of the schema (closest valid names: destination)' }, 'en',
      'Check 1 on “Destination” (Builder › Checks): it uses “destinaton”, which is not a field of this form. Choose one of the form\'s fields, or add the field first.'],
    ['a hidden rule message (a warning)', { file: 'rules/trip.json', pointer: '/validations/0/when', message: 'the schema limits "destination" to 20 characters (maxLength): the form stops typing there…' }, 'ja',
      '「行き先」のチェック1（ビルダー › チェック）：このチェックのメッセージは表示されません：項目「行き先」は20文字まで（最大文字数）なので、長い文字列には先に一般の文字数メッセージが出ます。最大文字数かこのチェックを削除してください。'],
    ['a step nobody approves', { file: 'processes/trip.json', pointer: '/steps/0', message: 'nobody is set to approve step "p-head": add an approver rule' }, 'zh',
      '审批步骤“部长审批”（审批步骤）：此步骤没有设定审批人。请添加审批人规则，或让申请人从角色中选择。'],
    ['a missing translation of a label', { file: 'locales/zh/trip.json', pointer: '/destination/label', message: 'key "trip.destination.label" exists in other languages but is missing in zh' }, 'en',
      'The Chinese label of “Destination” (Builder › Fields › its edit button): the text “trip.destination.label” is missing in Chinese. Fill it in every language.'],
    ['a problem of an item form', { file: 'schemas/trip-leg.json', pointer: '/properties/city/pattern', message: 'pattern "(?=x)" cannot run on the linear-time regular expression engine (RE2…): invalid' }, 'ja',
      'フォーム「行程」の項目「都市」（ビルダー › 項目 › 編集ボタン）：入力形式（パターン）を安全に検査できません。正しくない式か、先読み・後読み・後方参照を使っています。用意された形式を選ぶか、パターンを直してください。'],
  ])('%s', (_name, problem, lang, sentence) => {
    const said = say(problem, lang);
    expect(said.message).toBe(sentence);
    expect(said.detail).toContain(problem.message);
    expect(said.detail).toContain(problem.file);
  });

  it('a message the table does not know is still a sentence naming the place; the text is the detail', () => {
    const said = say({ file: 'uiSchemas/trip.json', pointer: '/destination/ui:options/indexLabel', message: 'indexLabel must be "circled"' }, 'ja');
    expect(said.message).toBe('項目「行き先」（ビルダー › 項目 › 編集ボタン）：この設定は受け付けられません（理由は下の詳細にあります）。');
    expect(said.detail).toBe('uiSchemas/trip.json /destination/ui:options/indexLabel: indexLabel must be "circled"');
  });
});
