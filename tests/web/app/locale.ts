import en from '../../../locales/en/app.json';
import ja from '../../../locales/ja/app.json';
import zh from '../../../locales/zh/app.json';

/** The shell's own strings, so tests assert exactly what the user reads. */
export const texts = { en, ja, zh };

/** Fills `{{name}}` placeholders the way i18next does. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}
