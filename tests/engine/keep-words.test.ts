import { describe, expect, it } from 'vitest';
import zhApp from '../../locales/zh/app.json';
import zhStudio from '../../locales/zh/studio.json';
import { joinChineseWords, keepWordsTogether, WORD_JOINER } from '../../src/engine/i18n/keep-words';

const J = WORD_JOINER;
/** Where a line may break inside `text`: between two Han characters not joined. */
const breaks = (text: string) => [...text.matchAll(/(?<=\p{Script=Han})(?=\p{Script=Han})/gu)].map((m) => text.slice(0, m.index).replaceAll(J, '').length);

describe('Chinese words kept whole at line ends', () => {
  it('joins the characters of a word, so 单据, 复制 and 提交 never break inside (the crawl found 单/据, 复/制, 提/交)', () => {
    const texts = keepWordsTogether('zh', { intro: zhApp.deputies.intro, newHelp: zhStudio.newHelp, calendar: zhApp.organisation.calendarIntro });
    for (const [text, word] of [[texts.intro, '单据'], [texts.newHelp, '复制'], [texts.calendar, '提交']] as const) {
      expect(text.replaceAll(J, ''), 'the text itself is unchanged').toContain(word);
      expect(text).toContain([...word].join(J));
    }
  });

  it('still lets a line break between words, and leaves no single character alone between breaks', () => {
    const joined = joinChineseWords('代理人不能审批自己的单据');
    const plain = joined.replaceAll(J, '');
    expect(plain).toBe('代理人不能审批自己的单据');
    const at = breaks(joined);
    expect(at.length).toBeGreaterThan(1);
    const edges = [0, ...at, plain.length];
    const pieces = edges.slice(1).map((end, i) => plain.slice(edges[i], end));
    for (const piece of pieces) expect([...piece].length, piece).toBeGreaterThan(1);
  });

  it('leaves Japanese, English, placeholders and non-Han text as they are', () => {
    expect(keepWordsTogether('ja', { a: '取り下げ' })).toEqual({ a: '取り下げ' });
    expect(keepWordsTogether('en', { a: 'Reimbursement' })).toEqual({ a: 'Reimbursement' });
    const joined = joinChineseWords('{{name}} 提交了 PDF');
    expect(joined).toContain('{{name}} ');
    expect(joined).toContain(' PDF');
    expect(joinChineseWords(joined), 'joining twice changes nothing').toBe(joined);
  });
});
