import type { Translate } from '../../engine';

/** A dotted key without spaces (`purchase.qty.help`); the checker verifies such keys exist. */
const KEY_SHAPE = /^[a-z][\w-]*(\.[\w-]+)+$/;

/**
 * A UI-schema text (`ui:help`, `ui:placeholder`): translated when it is a translation key that
 * exists, otherwise shown as written — so a module may give literal text, and a key that is
 * missing never reaches i18next's namespace parsing as arbitrary text.
 */
export function textOrKey(value: unknown, t: Translate): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  if (!KEY_SHAPE.test(value)) return value;
  return t(value);
}
