import type { Lang } from '../../src/engine';

/** The language a user's mails are written in: their stored choice, else ja (spec 000 §1). */
export function mailLanguage(stored: string | null | undefined): Lang {
  return stored === 'en' || stored === 'zh' || stored === 'ja' ? stored : 'ja';
}
