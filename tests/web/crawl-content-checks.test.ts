/**
 * The screen crawl's content checks (tests/e2e/content-checks.ts, run on every screen by
 * crawl-checks.ts `measure`), on small pages: each must fail a bad page and pass a good one, so
 * the 15-minute crawl need not run to know they work (issue #31: English word salad in Japanese
 * and Chinese demo documents, half-width punctuation in Chinese, an item page reusing its parent's
 * input ids).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { contentChecks } from '../e2e/content-checks';
import { allowedWords, latinAllowedTexts, moduleCodes } from '../e2e/crawl-checks';

function page(lang: string, html: string) {
  document.documentElement.setAttribute('lang', lang);
  document.body.innerHTML = html;
}
afterEach(() => { document.body.innerHTML = ''; });

const checks = (lang: 'en' | 'ja' | 'zh', latinAllowed: string[] = []) => contentChecks({ lang, latinAllowed });

describe('duplicate-id', () => {
  it('fails a page whose item form reuses the form behind\'s input id, in any language', () => {
    page('en', `
      <form><label for="r1-goods">Goods</label><input id="r1-goods"></form>
      <div inert><form><input id="r1-goods"><select id="r1-currency"></select></form></div>
      <section role="dialog"><select id="r1-currency"></select><textarea id="r2-note"></textarea></section>`);
    expect(checks('en')).toEqual([
      { check: 'duplicate-id', detail: 'input#r1-goods ×2' },
      { check: 'duplicate-id', detail: 'select#r1-currency ×2' },
    ]);
  });

  it('passes a page whose inputs have ids of their own (a label\'s own id may repeat nothing either)', () => {
    page('en', '<form><input id="a"><input id="b"><textarea id="c"></textarea><div id="x"></div></form>');
    expect(checks('en')).toEqual([]);
  });
});

describe('latin-run (ja, zh)', () => {
  it('fails English word salad in a Japanese document card', () => {
    page('ja', `<div role="listitem"><span>支払依頼</span><span>銀行：licence office maintenance</span><span>口座番号 travel</span></div>`);
    expect(checks('ja')).toEqual([{ check: 'latin-run', detail: 'licence office maintenance' }]);
  });

  it('fails it in Chinese too, and in a dialog', () => {
    page('zh', '<section role="dialog"><p>用途：client supplies licence travel</p></section>');
    expect(checks('zh').map((f) => f.check)).toEqual(['latin-run']);
  });

  it('passes codes, currency codes, amounts, e-mails, addresses, allowed names and hidden or code text', () => {
    page('ja', `
      <p>PAY-2026-000123 の金額 1,200,000 JPY（USD 8,000）</p>
      <p>申請者：Haruka Suzuki（authorizer@example.com）</p>
      <p>https://ringi.example.com/app/buffers/12 を開いてください</p>
      <p>品名：ThinkPad X1 Carbon</p>
      <p>Ringi で確認してください。PDF または JPG</p>
      <code>select id, code from buffers</code>
      <div hidden>word salad here</div>
      <div aria-hidden="true">word salad here</div>
      <div lang="en">Preview in English text</div>`);
    expect(checks('ja', ['haruka suzuki', 'thinkpad x1 carbon'])).toEqual([]);
  });

  it('is no check in English', () => {
    page('en', '<p>licence office maintenance</p>');
    expect(checks('en')).toEqual([]);
  });
});

describe('punctuation (zh)', () => {
  it('fails half-width marks beside Chinese', () => {
    page('zh', '<p>确定吗?</p><p>申请人:王芳</p><p>待审批(3条)</p>');
    expect(checks('zh').map((f) => f.detail.split(' in ')[0])).toEqual(['吗?', '人:', '批(', '条)']);
  });

  it('passes full-width marks, half-width marks between Latin or digits, and Japanese pages', () => {
    page('zh', '<p>确定吗？申请人：王芳（3条）</p><p>09:30 · 1,000.00 CNY</p>');
    expect(checks('zh')).toEqual([]);
    page('ja', '<p>承認: 3件</p>');
    expect(checks('ja')).toEqual([]);
  });
});

describe('latinAllowedTexts', () => {
  it('lets the English partner\'s office address show as the partner writes it (the full crawl\'s "San Francisco"), and nothing else of it', () => {
    for (const lang of ['ja', 'zh'] as const) {
      page(lang, '<dl><dt>所在地</dt><dd>100 Market Street, San Francisco</dd></dl>');
      expect(checks(lang, latinAllowedTexts(lang))).toEqual([]);
      page(lang, '<p>用途：licence office maintenance</p>');
      expect(checks(lang, latinAllowedTexts(lang)).map((f) => f.detail)).toEqual(['licence office maintenance']);
    }
  });

  it('holds the translations, the demo content of the language and of the English partner, and the demo users\' names — not the English company names', () => {
    const ja = latinAllowedTexts('ja');
    expect(ja).toContain('haruka suzuki');
    expect(ja.some((text) => text.includes('office supply'))).toBe(true); // the partner's supplier
    expect(ja).not.toContain('ringi holdings');
    expect(ja.every((text) => text === text.toLowerCase())).toBe(true);
  });
});

describe('allowedWords', () => {
  it('holds every module code\'s words in ja and zh: the studio shows a code as the module\'s technical name (the crawl\'s "language: budget" in the studio list, editor title and dialogs)', () => {
    const codes = moduleCodes();
    for (const lang of ['ja', 'zh'] as const) {
      const { latin } = allowedWords(lang);
      const missing = codes.flatMap((code) => code.split('-')).filter((word) => !latin.has(word));
      expect(missing, lang).toEqual([]);
      // Still a check: English words no translation, demo text or code holds are not allowed.
      expect(latin.has('giraffe')).toBe(false);
    }
  });
});
