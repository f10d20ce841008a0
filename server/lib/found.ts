import type { Translate } from '../../src/engine';
import { notFound } from './errors';

/**
 * Returns the row, or throws 404 naming what was missing (`entity` is a key under
 * `server.entities`). Repositories return undefined/null; routes decide it is a 404.
 */
export function found<T>(row: T | null | undefined, t: Translate, entity: string): T {
  if (row === null || row === undefined) throw notFound(t('server.errors.notFound', { what: t(`server.entities.${entity}`) }));
  return row;
}
