import { afterAll, describe, expect, it } from 'vitest';
import { render, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import zhApp from '../../../locales/zh/app.json';
import type { CompiledModule } from '../../../src/engine';
import { i18n, loadLanguage } from '../../../src/app/i18n';
import { moduleTitle, registerModuleTranslations } from '../../../src/app/pages/application/module-definitions';
import { useRendererT } from '../../../src/renderer/i18n';

// Issue 31 item 15: Chinese texts reach the page exactly as translated. Words are kept whole at
// line ends by CSS (`:lang(zh)` in index.html); an invisible U+2060 between the characters made
// copied text (company names too) find nothing in a search. Through the app's i18n (page titles,
// launchers, tabs), the renderer's labels and the titles read straight from the definition.
const module = {
  code: 'zh-words',
  translations: {
    en: { title: 'Payment request', amount: { label: 'Payment amount' }, company_id: { options: { '1': 'Ringi Holdings' } } },
    zh: { title: '付款申请', amount: { label: '付款金额' }, company_id: { options: { '1': '稟議控股有限公司' } } },
  },
  subForms: {},
} as unknown as CompiledModule;
registerModuleTranslations(module);
const wrapper = ({ children }: { children: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;

function Shown() {
  const { t } = useTranslation();
  const rt = useRendererT(module);
  return (
    <p>
      <span>{t('zh-words.title')}</span>
      <span>{t('app.deputies.intro')}</span>
      <span>{rt('zh-words.amount.label')}</span>
      <span>{rt('zh-words.company_id.options.1')}</span>
      <span>{moduleTitle(module, 'zh')}</span>
    </p>
  );
}

afterAll(() => i18n.changeLanguage('ja'));

describe('Chinese texts as translated', () => {
  it('put no U+2060 into the text a user copies: the DOM text is the translation itself', async () => {
    await loadLanguage('zh');
    await i18n.changeLanguage('zh');
    const view = render(<Shown />, { wrapper });
    const text = view.container.textContent ?? '';
    expect(text).not.toContain('\u2060');
    expect(text).toBe(`付款申请${zhApp.deputies.intro}付款金额稟議控股有限公司付款申请`);
  });

  it('leaves English as it is', async () => {
    await i18n.changeLanguage('en');
    expect(i18n.t('zh-words.title')).toBe('Payment request');
    expect(moduleTitle(module, 'en')).toBe('Payment request');
    const en = renderHook(() => useRendererT(module), { wrapper });
    expect(en.result.current('zh-words.amount.label')).toBe('Payment amount');
  });
});
