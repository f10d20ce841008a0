import en from '../../../locales/en/app.json';
import ja from '../../../locales/ja/app.json';
import zh from '../../../locales/zh/app.json';
import { keepWordsTogether } from '../../../src/engine/i18n/keep-words';

/** The shell's own strings, so tests assert exactly what the user reads (Chinese words joined, as the app loads them). */
export const texts = { en, ja, zh: keepWordsTogether('zh', zh) };

/** Fills `{{name}}` placeholders the way i18next does. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}
