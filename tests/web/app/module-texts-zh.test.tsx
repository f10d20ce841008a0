import { afterAll, describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { CompiledModule } from '../../../src/engine';
import { WORD_JOINER } from '../../../src/engine/i18n/keep-words';
import { i18n } from '../../../src/app/i18n';
import { moduleTitle, registerModuleTranslations } from '../../../src/app/pages/application/module-definitions';
import { useRendererT } from '../../../src/renderer/i18n';

// A module's translations arrive with its definition at run time: in Chinese they are shown with
// the characters of each word joined (U+2060), as the app's own texts are, so a line never ends
// inside 付款 or 申请 — through the app's i18n (page titles, launchers, tabs), the renderer's
// labels and the titles read straight from the definition.
const module = {
  code: 'zh-words',
  translations: {
    en: { title: 'Payment request', amount: { label: 'Payment amount' } },
    zh: { title: '付款申请', amount: { label: '付款金额' } },
  },
  subForms: {},
} as unknown as CompiledModule;
registerModuleTranslations(module);
const joined = (text: string) => [...text].join(WORD_JOINER);
const wrapper = ({ children }: { children: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;

afterAll(() => i18n.changeLanguage('ja'));

describe('Chinese words of a module definition kept whole', () => {
  it('joins them in Chinese and leaves English as it is', async () => {
    await i18n.changeLanguage('zh');
    expect(i18n.t('zh-words.title')).toBe(`${joined('付款')}${joined('申请')}`);
    expect(moduleTitle(module, 'zh').replaceAll(WORD_JOINER, '')).toBe('付款申请');
    expect(moduleTitle(module, 'zh')).toContain(joined('付款'));
    const zh = renderHook(() => useRendererT(module), { wrapper });
    expect(zh.result.current('zh-words.amount.label')).toContain(joined('金额'));

    await i18n.changeLanguage('en');
    expect(i18n.t('zh-words.title')).toBe('Payment request');
    expect(moduleTitle(module, 'en')).toBe('Payment request');
    const en = renderHook(() => useRendererT(module), { wrapper });
    expect(en.result.current('zh-words.amount.label')).toBe('Payment amount');
  });
});
