import { describe, expect, it } from 'vitest';
import { createTranslate } from '../../src/engine';

// Plural keys as i18next names them (issue #22: "1 documents" in the export mail).
const bundles = {
  en: { m: { docs: '{{count}} documents', docs_one: '{{count}} document', plain: '{{count}} items' } },
  ja: { m: { docs: '{{count}} 件', plain: '{{count}} 件' } },
  zh: { m: { docs: '{{count}} 份' } },
};

describe('createTranslate plurals', () => {
  it('takes <key>_one for one in en and the plain key otherwise', () => {
    const t = createTranslate(bundles as never, 'en');
    expect(t('m.docs', { count: 1 })).toBe('1 document');
    expect(t('m.docs', { count: 2 })).toBe('2 documents');
    expect(t('m.docs', { count: 0 })).toBe('0 documents');
    expect(t('m.plain', { count: 1 })).toBe('1 items');
  });

  it('keeps the plain key in languages without plural forms, and without a numeric count', () => {
    expect(createTranslate(bundles as never, 'ja')('m.docs', { count: 1 })).toBe('1 件');
    expect(createTranslate(bundles as never, 'zh')('m.docs', { count: 1 })).toBe('1 份');
    expect(createTranslate(bundles as never, 'en')('m.docs', { count: '1' } as never)).toBe('1 documents');
  });
});
