import type { ModuleSource } from '../../../engine';

/** The parts of a module source the studio edits one at a time. */
export const PARTS = ['schema', 'uiSchema', 'rules', 'locales', 'process', 'attachments'] as const;
export type Part = (typeof PARTS)[number];

/** Each part of a source as pretty JSON text (what the editors hold). */
export function partTexts(source: ModuleSource): Record<Part, string> {
  return Object.fromEntries(PARTS.map((part) => [part, JSON.stringify(source[part], null, 2)])) as Record<Part, string>;
}

/**
 * The source the texts describe: each part that parses replaces the base's; a part that does
 * not parse keeps the base's value and reports its parse error.
 */
export function sourceFromTexts(base: ModuleSource, texts: Record<Part, string>): { source: ModuleSource; errors: Partial<Record<Part, string>> } {
  const source = { ...base } as Record<string, unknown>;
  const errors: Partial<Record<Part, string>> = {};
  for (const part of PARTS) {
    try {
      source[part] = JSON.parse(texts[part]);
    } catch (error) {
      errors[part] = (error as Error).message;
    }
  }
  return { source: source as unknown as ModuleSource, errors };
}

/** Splits an API violation path (`/schema/properties/x`, `/locales/en/title`) into its part and the pointer inside it. */
export function partOf(propertyPath: string): { part: Part; pointer: string } | null {
  const match = /^\/([A-Za-z]+)(\/.*)?$/.exec(propertyPath);
  if (!match || !(PARTS as readonly string[]).includes(match[1])) return null;
  return { part: match[1] as Part, pointer: match[2] ?? '' };
}
