import type { ApiClient } from '../api';
import type { Collection } from '../../wire/common';
import type { ApprovalItem, DocumentView } from '../../wire/workflow';
import type { CompiledModule } from '../../engine';
import { forgetOtherFiles, keepDocumentFiles, keptFiles } from './offline-files';
import type { ReadCardAhead } from './ReadsAhead';

/** How many of the user's pending documents are kept readable offline. */
export const OFFLINE_PENDING_COUNT = 50;

/** The cards already read ahead in this page (document id and version): a document unchanged since is not read again. */
const readAhead = new Set<string>();

/**
 * Reads the user's profile and last 50 pending documents while online — the list, each document through its
 * step, and the definition version it renders with — so that the offline copies (kept by the
 * API client's transport, `offline-copies.ts`) hold them even if they were never opened. Each
 * document's card is read ahead once per version (`readCard`: the names its widgets show) and its
 * attachments are kept (up to 5 MB each); attachments of documents no longer pending are forgotten.
 * Stops at the first failure (offline again); the next run starts over.
 */
export async function keepPendingOffline(api: ApiClient, readCard?: ReadCardAhead): Promise<number> {
  const silent = { ringiSilent: true } as const;
  // The profile too: a reload offline checks the session from its copy.
  await api.get('/profile', silent);
  const list = await api.get<Collection<ApprovalItem>>('/approvals/my', { ...silent, params: { itemsPerPage: OFFLINE_PENDING_COUNT } });
  const definitions = new Map<string, CompiledModule | null>();
  const kept = await keptFiles();
  const wanted = new Set<number>();
  let count = 0;
  for (const item of list.data['hydra:member']) {
    const doc = (await api.get<DocumentView>(`/approvals/${item.id}/buffer`, silent)).data;
    const definition = `${doc.module.code}@${doc.definition_version}`;
    if (!definitions.has(definition)) {
      const reply = await api.get<CompiledModule>(`/module-definitions/${encodeURIComponent(doc.module.code)}`, { ...silent, params: { version: doc.definition_version } }).catch(() => null);
      definitions.set(definition, reply?.data ?? null);
    }
    const module = definitions.get(definition);
    if (module) {
      for (const id of await keepDocumentFiles(api, module, doc.data, kept)) wanted.add(id);
      const version = `${doc.id}@${doc.updated_at}`;
      if (readCard && !readAhead.has(version)) {
        await readCard({ module, data: doc.data });
        readAhead.add(version);
      }
    }
    count += 1;
  }
  await forgetOtherFiles(wanted);
  return count;
}

/** Forgets which cards were read ahead (sign-out, another user). */
export function forgetReadAhead(): void {
  readAhead.clear();
}
