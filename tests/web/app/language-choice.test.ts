import { describe, expect, it, vi } from 'vitest';

// Each language's texts arrive when this test lets them (a slow line for one, a fast one for another).
const arrivals = new Map<string, () => void>();
vi.mock('../../../src/app/i18n/resources', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/app/i18n/resources')>();
  return {
    ...original,
    loadAppLocales: async (language: string) => {
      if (language !== 'ja') await new Promise<void>((resolve) => arrivals.set(language, resolve));
      return original.loadAppLocales(language);
    },
  };
});

const { currentLanguage, i18nReady, setLanguage } = await import('../../../src/app/i18n');

describe('choosing the language', () => {
  it('the last choice wins when an earlier choice’s texts arrive after it', async () => {
    await i18nReady;
    const english = setLanguage('en');
    const chinese = setLanguage('zh');
    await vi.waitFor(() => expect([...arrivals.keys()].sort()).toEqual(['en', 'zh']));
    arrivals.get('zh')!();
    await chinese;
    expect(currentLanguage()).toBe('zh');
    arrivals.get('en')!();
    await english;
    expect(currentLanguage()).toBe('zh');
    expect(localStorage.getItem('ringi.lang')).toBe('zh');
  });
});
