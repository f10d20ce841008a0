import type { Lang } from '../types';

/** One text in every language the app speaks. */
export type Texts = Record<Lang, string>;

/** The languages a builder writes, in file order. */
export const BUILDER_LANGS: readonly Lang[] = ['en', 'ja', 'zh'];

/** Field names: lower-case words joined by underscores (the spec's API names). */
export const FIELD_NAME = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;

/** True when every language has a non-blank text. */
export function complete(texts: Partial<Texts> | undefined): texts is Texts {
  return !!texts && BUILDER_LANGS.every((lang) => typeof texts[lang] === 'string' && texts[lang]!.trim() !== '');
}
