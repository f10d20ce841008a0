import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { pageTitleText } from '../../../src/app/shell/page-title';

const i18n = i18next.createInstance();
await i18n.init({
  lng: 'en',
  resources: { en: { translation: { picker: 'Approvers: {{step}}' } }, ja: { translation: { picker: '承認者：{{step}}' } } },
  interpolation: { escapeValue: false },
});

describe('pageTitleText', () => {
  it('shows a literal title as it is and translates a key with its parameters', () => {
    expect(pageTitleText('Aiko', i18n.t, 'en')).toBe('Aiko');
    expect(pageTitleText({ key: 'picker', params: { step: 'Manager' } }, i18n.t, 'en')).toBe('Approvers: Manager');
  });

  it('takes a parameter given in every language in the shown language, so it follows a switch', () => {
    const title = { key: 'picker', params: { step: '上長承認' }, texts: { step: { en: 'Manager', ja: '上長承認' } } };
    expect(pageTitleText(title, i18n.t, 'en')).toBe('Approvers: Manager');
    expect(pageTitleText(title, i18n.getFixedT('ja'), 'ja')).toBe('承認者：上長承認');
    // A language the texts lack: the plain parameter.
    expect(pageTitleText(title, i18n.t, 'zh')).toBe('Approvers: 上長承認');
  });

  it('a title fixed to a language resolves its texts in that language', () => {
    const title = { key: 'picker', texts: { step: { en: 'Manager', ja: '上長承認' } }, lng: 'ja' };
    expect(pageTitleText(title, i18n.t, 'en')).toBe('承認者：上長承認');
  });
});
