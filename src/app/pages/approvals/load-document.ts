import type { CompiledModule } from '../../../engine';
import type { RendererHost } from '../../../renderer';
import type { DocumentView } from './types';

// Per host: a signed-in session (and each test's host) has its own cache.
const caches = new WeakMap<RendererHost, Map<string, Promise<CompiledModule>>>();

/**
 * The definition a document was filed under (`/module-definitions/{code}?version=`), cached per
 * code and version; the current one when the version is unknown to the server.
 */
export function loadDefinition(host: RendererHost, code: string, version?: string): Promise<CompiledModule> {
  let modules = caches.get(host);
  if (!modules) caches.set(host, (modules = new Map()));
  const cache = modules;
  const key = `${code}@${version ?? ''}`;
  let found = modules.get(key);
  if (!found) {
    const path = `/module-definitions/${encodeURIComponent(code)}`;
    found = (version ? host.api.get<CompiledModule>(path, { version }).catch(() => host.api.get<CompiledModule>(path)) : host.api.get<CompiledModule>(path));
    found.catch(() => cache.delete(key));
    modules.set(key, found);
  }
  return found;
}

/** The document view: through the step when opened from Pending, the Statistic scope from the document search, else by document id. */
export async function loadDocument(host: RendererHost, bufferId: number | undefined, approvalId: number | undefined, statistic = false): Promise<{ doc: DocumentView; module: CompiledModule }> {
  const doc = approvalId !== undefined
    ? await host.api.get<DocumentView>(`/approvals/${approvalId}/buffer`)
    : await host.api.get<DocumentView>(statistic ? `/statistic/buffers/${bufferId}` : `/buffers/${bufferId}`);
  const module = await loadDefinition(host, doc.module.code, doc.definition_version);
  return { doc, module };
}
