import type { QueryClient } from '@tanstack/react-query';
import type { Lang } from '../../../engine';
import type { ApiClient } from '../../api';
import { currenciesOptions, draftOptions, masterProcessesOptions, moduleDefinitionOptions, sessionReader } from '../../api/queries';
import { preloadApplicationPage } from './open-application';

/** The user asked the browser to save data (Network Information API; absent in most browsers). */
export function savesData(): boolean {
  return (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
}

/**
 * Fetches what opening these modules' forms needs, so that a launcher's tap renders the form
 * without waiting for the network: the form's chunks (renderer, widgets), the currencies, then
 * module by module in the order given (the first launcher first) its definition (already in the
 * cache when Home's module list seeded it), master-process steps and the user's draft. One module
 * at a time keeps most of the browser's connections free for a tap meanwhile; a tap on a module
 * whose queries are still on the way waits for those same requests (the cache dedupes them).
 * Nothing is fetched when the user asked to save data. Silent: the form shows its own failures
 * when it loads what is missing. Once the chunks are in, the money formatters of `language` are
 * built in a task of their own (the first number format of a page is a long task on a slow phone). Resolves when done,
 * never rejects.
 */
export async function prefetchForms(client: QueryClient, api: ApiClient, moduleCodes: readonly string[], language: Lang): Promise<void> {
  if (savesData()) return;
  const reader = sessionReader(api, true);
  const chunks = preloadApplicationPage()
    .then(() => import('../../../renderer/money'))
    // In a task of its own (a macrotask after the chunks' evaluation), not after them in theirs.
    .then((money) => new Promise<typeof money>((resolve) => setTimeout(() => resolve(money), 0)))
    .then(({ prepareMoneyFormat }) => prepareMoneyFormat(language))
    .catch(() => undefined);
  await Promise.all([chunks, client.prefetchQuery(currenciesOptions(reader))]);
  for (const code of moduleCodes) {
    await Promise.all([
      client.prefetchQuery(moduleDefinitionOptions(reader, code)),
      client.prefetchQuery(masterProcessesOptions(reader, code)),
      // Taken as it is by a form opened within DRAFT_FRESH_MS (see draftOptions); not read again
      // when this session saved or deleted it since (the form's writes keep the entry current).
      client.prefetchQuery(draftOptions(api, code)),
    ]);
  }
}
