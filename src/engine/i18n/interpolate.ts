/** i18next's `{{name}}` interpolation; a missing parameter becomes empty text. */
export function interpolate(text: string, params?: Record<string, unknown>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params?.[name] ?? ''));
}
