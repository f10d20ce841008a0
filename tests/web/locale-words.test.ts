import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Words and punctuation of the translations (issue #31 item 6): one word per action in each
 * language (差し戻し named the approver's step back, the send back and, on the requester's button,
 * the withdraw; 再申請 the resubmit and the copy to a new application), one name per thing
 * (部署, 出納/経理, 型番・ブランド), a field's alert naming the field, Chinese punctuation full-width
 * and no ASCII comma in Japanese.
 */
type Lang = 'en' | 'ja' | 'zh';
const leaves = (node: unknown, path: string[] = []): Array<[string, string]> =>
  typeof node === 'string' ? [[path.join('.'), node]]
    : node && typeof node === 'object' ? Object.entries(node).flatMap(([k, v]) => leaves(v, [...path, k])) : [];
/** Every text of a language by `<file>.<key path>`. */
function texts(lang: Lang): Map<string, string> {
  const dir = join(__dirname, '../../locales', lang);
  return new Map(readdirSync(dir).filter((f) => f.endsWith('.json')).sort()
    .flatMap((f) => leaves(JSON.parse(readFileSync(join(dir, f), 'utf8')), [f.replace(/\.json$/, '')])));
}
const LOCALES = { en: texts('en'), ja: texts('ja'), zh: texts('zh') };
const PLACEHOLDER = /\{\{[^}]*\}\}/g;
const CJK = '[\\u3040-\\u30ff\\u3400-\\u9fff\\uff00-\\uffef]';

/** Half-width punctuation touching a CJK character, placeholders read as a word. */
export function halfWidthNextToCjk(text: string, marks: string): string[] {
  const plain = text.replace(PLACEHOLDER, 'X');
  const set = `[${marks.replace(/[\]\\^-]/g, '\\$&')}]`;
  return [...plain.matchAll(new RegExp(`${CJK}\\s*${set}|${set}\\s*${CJK}`, 'gu'))].map((m) => m[0]);
}

/** The words of each action, and the texts that name it, per language (labels, done toasts, history kinds, log lines). */
const ACTIONS: Record<string, { words: Record<Lang, RegExp>; keys: string[] }> = {
  stepBack: {
    words: { en: /\bstep(ped)? back\b/i, ja: /前のステップに戻/, zh: /返回上一步/ },
    keys: ['app.approvals.actions.stepBack', 'app.approvals.done.steppedBack', 'server.workflow.log.step_back', 'statistic.records.reasons.step_back'],
  },
  sendBack: {
    words: { en: /\bsen[dt] back\b/i, ja: /差し戻/, zh: /退回/ },
    keys: ['app.approvals.actions.sendBack', 'app.approvals.sendBack.title', 'app.approvals.sendBack.send', 'app.approvals.done.sentBack', 'server.workflow.log.send_back', 'server.workflow.log.send_back_requester', 'statistic.records.reasons.send_back'],
  },
  withdraw: {
    words: { en: /\bwithdr[ae]wn?\b/i, ja: /取り下げ/, zh: /撤回/ },
    keys: ['app.approvals.actions.withdraw', 'app.approvals.done.withdrawn', 'server.workflow.log.withdraw', 'statistic.records.reasons.withdraw'],
  },
  pullBack: {
    words: { en: /\bpull(ed)? back\b/i, ja: /引き戻/, zh: /收回/ },
    keys: ['app.approvals.actions.pullBack', 'app.approvals.done.pulledBack'],
  },
  resubmit: {
    words: { en: /\bresubmit/i, ja: /再申請/, zh: /重新提交/ },
    keys: ['app.approvals.actions.resubmit', 'app.approvals.done.resubmitted', 'server.workflow.log.resubmit', 'statistic.records.reasons.resubmit'],
  },
  copyToNew: {
    words: { en: /\bnew application\b/i, ja: /新規申請/, zh: /新申请/ },
    keys: ['app.approvals.more.submitAgain'],
  },
};

describe('one word per action', () => {
  for (const lang of ['en', 'ja', 'zh'] as const) {
    it(`${lang}: each action's texts use its word and no other action's`, () => {
      const wrong: string[] = [];
      for (const [action, { keys }] of Object.entries(ACTIONS)) {
        for (const key of keys) {
          const text = LOCALES[lang].get(key);
          if (text === undefined) { wrong.push(`${key}: missing`); continue; }
          if (!ACTIONS[action].words[lang].test(text)) wrong.push(`${key} "${text}" lacks the word of ${action}`);
          for (const [other, { words }] of Object.entries(ACTIONS)) {
            if (other !== action && words[lang].test(text)) wrong.push(`${key} "${text}" (${action}) uses the word of ${other}`);
          }
        }
      }
      expect(wrong).toEqual([]);
    });
  }
});

describe('one name per thing (ja)', () => {
  it('部署 (never 部門), 型番・ブランド, 出納 for the treasury and 経理 for finance (財務 only in the statistics tab\'s name)', () => {
    const ja = [...LOCALES.ja];
    expect(ja.filter(([, text]) => /部門(?!長)/.test(text))).toEqual([]);
    expect(ja.filter(([, text]) => /型番(?!・ブランド)|(?<!型番・)ブランド/.test(text))).toEqual([]);
    expect(ja.filter(([, text]) => /財務(?!統計)/.test(text))).toEqual([]);
    expect(LOCALES.ja.get('app.approvals.treasury.title')).toBe(LOCALES.ja.get('approvals-treasury.title'));
    expect(LOCALES.ja.get('approvals-treasury.title')).toBe('出納');
  });

  it('a contract\'s "select the party" alert names the field as its label does, in every language', () => {
    for (const lang of ['en', 'ja', 'zh'] as const) {
      for (const module of ['contract-supplier', 'contract-customer']) {
        const label = LOCALES[lang].get(`${module}.company_id.label`)!;
        const alert = LOCALES[lang].get(`${module}.messages.company`)!;
        expect(alert.toLowerCase(), `${lang} ${module}`).toContain(label.toLowerCase());
      }
    }
  });
});

/** Texts whose half-width marks are what the user types (the studio's option lines: value; English; 日本語; 中文). */
const ZH_HALF_WIDTH_ALLOWED = new Set(['studio.builder.optionsHint', 'studio.builder.refused.options']);
/** Japanese texts that show what is typed — a JSON body, a CSV line — whose commas are JSON's or CSV's. */
const JA_COMMA_ALLOWED = new Set(['server.routes.resolveBody', 'server.deputies.body', 'server.proxyFilers.body', 'server.webhooks.body', 'statistic.exchange.csvHint']);

describe('punctuation', () => {
  it('zh: full-width ，。：；？！（） next to Chinese, never , . : ; ? ! ( )', () => {
    const found = [...LOCALES.zh].filter(([key, text]) => !ZH_HALF_WIDTH_ALLOWED.has(key) && halfWidthNextToCjk(text, ',.:;?!()').length > 0);
    expect(found).toEqual([]);
  });

  it('ja: 、 for a comma, never an ASCII comma', () => {
    const found = [...LOCALES.ja].filter(([key, text]) => !JA_COMMA_ALLOWED.has(key) && text.includes(','));
    expect(found).toEqual([]);
  });

  it('the check itself: flags a half-width mark beside CJK, not one between Latin words or in a placeholder', () => {
    expect(halfWidthNextToCjk('确定吗?', ',.:;?!()')).toEqual(['吗?']);
    expect(halfWidthNextToCjk('待审批({{count}}条)', ',.:;?!()')).toEqual(['批(', '条)']);
    expect(halfWidthNextToCjk('请按 PRJ-0001 的格式输入', ',.:;?!()')).toEqual([]);
    expect(halfWidthNextToCjk('See e.g. A, B (x).', ',.:;?!()')).toEqual([]);
    expect(halfWidthNextToCjk('{{a}}, {{b}}', ',')).toEqual([]);
  });
});
