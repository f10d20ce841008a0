// @vitest-environment jsdom
import { afterEach, expect, test } from 'vitest';
import { joinChineseWords, WORD_JOINER } from '../../../src/engine/i18n/keep-words';
import { copyWithoutJoiners } from '../../../src/app/i18n/copy-without-joiners';

/** Issue 31 item 15: the screen keeps Chinese words whole with U+2060; a copy leaves them behind. */
function clipboard() {
  const data = new Map<string, string>();
  return { data, clipboardData: { setData: (type: string, value: string) => data.set(type, value) } as unknown as DataTransfer };
}

afterEach(() => { document.body.innerHTML = ''; });

test('a selection of joined Chinese text reaches the clipboard without its joiners, as text and HTML', () => {
  const plain = '代理人不能审批自己的单据';
  const shown = joinChineseWords(plain);
  expect(shown).toContain(WORD_JOINER);
  document.body.innerHTML = `<p id="p"><b>${shown}</b></p>`;
  const range = document.createRange();
  range.selectNodeContents(document.getElementById('p')!);
  document.getSelection()!.removeAllRanges();
  document.getSelection()!.addRange(range);
  const { data, clipboardData } = clipboard();
  let prevented = false;
  copyWithoutJoiners({ clipboardData, target: document.getElementById('p'), preventDefault: () => { prevented = true; } }, document);
  expect(prevented).toBe(true);
  expect(data.get('text/plain')).toBe(plain);
  expect(data.get('text/html')).toBe(`<b>${plain}</b>`);
});

test('a selection without joiners, and a copy inside an input, are left to the browser', () => {
  document.body.innerHTML = `<p id="p">plain text</p><input id="i" value="${joinChineseWords('审批自己的单据')}">`;
  const range = document.createRange();
  range.selectNodeContents(document.getElementById('p')!);
  document.getSelection()!.removeAllRanges();
  document.getSelection()!.addRange(range);
  for (const target of ['p', 'i']) {
    const { data, clipboardData } = clipboard();
    let prevented = false;
    copyWithoutJoiners({ clipboardData, target: document.getElementById(target), preventDefault: () => { prevented = true; } }, document);
    expect(prevented).toBe(false);
    expect(data.size).toBe(0);
  }
});
