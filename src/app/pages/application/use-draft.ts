import { useEffect, useMemo, useRef } from 'react';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { API_BASE, readToken, type ApiClient } from '../../api';
import { draftKey } from '../../api/queries';
import { dropUnsentDraft, forgetServerDraft, keepUnsentDraft, noteServerDraft, serverDraftVersion } from '../../api/draft-store';
import { resourceKey } from '../../../renderer/resource-key';
import { currentLanguage } from '../../i18n';
import type { Draft, DraftBody, DraftQuery } from '../../../wire/drafts';

/** Pause after the last change before the draft is saved (a closed tab loses at most this much). */
export const DRAFT_DEBOUNCE_MS = 1000;

/** A form's data, as a draft holds it. */
type FormData = DraftBody['data'];

/** What a form page does with its draft. */
export interface DraftSaver {
  /** The form changed: save after a pause (or clear the draft when the form is back to its defaults). */
  change(data: FormData): void;
  /** Save now if anything is unsaved; `keepalive` when the page is going away (pagehide). */
  flush(keepalive?: boolean): void;
  /** Forget unsaved changes and delete the server's draft (successful submit, confirmed reset). */
  clear(): Promise<void>;
  /** A draft was loaded from the server (so a later return to defaults must delete it). */
  loaded(): void;
  /**
   * A submit started: no draft is saved while it runs (a save landing after the filing would
   * bring the filed data back as a draft). `resume` after a refused submit saves what is unsaved.
   */
  hold(): void;
  resume(): void;
}

/**
 * The draft query's cache entry (`draftKey`) follows the writes, so a form opened again in the
 * same session starts from the draft it last saved, even while that save is still on the way.
 * A write puts its data (null: no draft) in the entry when it is sent (a read still on the way
 * is cancelled: its answer predates the write); its success stores it again (fresh from the
 * answer) and its failure marks the entry stale (the next opening reads the server's) — each
 * only while the entry still holds that write's data, not a later one's.
 */
function draftCache(client: QueryClient, moduleCode: string, filedFor: number | null) {
  const queryKey = draftKey(moduleCode, filedFor);
  const holds = (data: FormData | null) => client.getQueryData(queryKey) === data;
  return {
    /** A write was sent; resolves to the entry's data (compare with `holds` later). */
    async sent(data: FormData | null): Promise<FormData | null> {
      // This write replaces the server's draft: a copy the tab kept of an earlier keepalive save is no
      // longer the latest, and the server draft's version is unknown until the write is answered.
      dropUnsentDraft(moduleCode, filedFor);
      forgetServerDraft(moduleCode, filedFor);
      await client.cancelQueries({ queryKey, exact: true });
      client.setQueryData(queryKey, data);
      return client.getQueryData<FormData | null>(queryKey) ?? null;
    },
    succeeded(data: FormData | null) {
      if (holds(data)) client.setQueryData(queryKey, data);
    },
    failed(data: FormData | null) {
      if (holds(data)) void client.invalidateQueries({ queryKey, exact: true, refetchType: 'none' });
    },
  };
}

/** The draft as the server keeps and answers it (JSON: undefined fields dropped, dates as text). */
const asStored = (data: FormData): FormData => JSON.parse(JSON.stringify(data)) as FormData;

/**
 * Drafts of one module (spec 000 §4 "Shared form behaviour"): saved to the server ~1 s after
 * each change and at once when the form is left (unmount, tab switch, page hidden or closed —
 * the last with `fetch(..., { keepalive: true })`, which outlives the page, and a copy in the
 * tab's storage that a reload reads even when that save has not landed yet: `draft-store.ts`),
 * so a reload or a closed tab finds it again. A form equal to its defaults is not a draft: it deletes the draft.
 * Failures are silent: a draft is a convenience, and the form still holds the data.
 *
 * Saves and deletes are mutations of one scope per module (they reach the server in the order
 * made) that keep the draft query's cache entry current (`draftCache`); the keepalive save is a
 * plain `fetch` (a mutation does not outlive the page) that updates the entry the same way.
 */
export function useDraft(api: ApiClient, moduleCode: string, isDefault: (data: FormData) => boolean, filedFor: number | null = null): DraftSaver {
  const client = useQueryClient();
  const state = useRef({ pending: null as FormData | null, timer: undefined as ReturnType<typeof setTimeout> | undefined, onServer: false, held: false });
  const isDefaultRef = useRef(isDefault);
  isDefaultRef.current = isDefault;
  const cache = useMemo(() => draftCache(client, moduleCode, filedFor), [client, moduleCode, filedFor]);
  // 代理申請: a draft of a filing for someone is kept apart from the user's own (the server keys it by `filed_for`).
  const whose = useMemo(() => (filedFor === null ? {} : { filed_for: filedFor }), [filedFor]);
  // Filled in below, after the leaving effect (see there).
  const writes = useRef<{ save(data: FormData): void; remove(): Promise<unknown> } | null>(null);

  const saver = useMemo<DraftSaver>(() => {
    const s = state.current;
    const stopTimer = () => {
      if (s.timer !== undefined) clearTimeout(s.timer);
      s.timer = undefined;
    };
    const remove = async () => {
      s.onServer = false;
      await writes.current?.remove().catch(() => undefined);
    };
    const save = (keepalive: boolean) => {
      stopTimer();
      if (s.held) return;
      const data = s.pending;
      s.pending = null;
      if (!data) return;
      if (isDefaultRef.current(data)) {
        if (s.onServer) void remove();
        return;
      }
      s.onServer = true;
      if (keepalive && typeof fetch === 'function') {
        const stored = asStored(data);
        // The server's draft this save replaces, as known before it goes (the copy wins only while the server holds it).
        const base = serverDraftVersion(moduleCode, filedFor);
        const token = readToken();
        const saved = fetch(`${API_BASE}/buffer_temporaries`, {
          method: 'POST',
          keepalive: true,
          headers: { 'Content-Type': 'application/json', 'Accept-Language': currentLanguage(), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify({ module_code: moduleCode, data: stored, ...whose } satisfies DraftBody),
        }).then(async (reply) => {
          // The page stayed (a hidden tab came back): the server's draft is now this save's.
          const answer = reply.ok ? ((await reply.json().catch(() => null)) as Draft | null) : null;
          if (answer?.updated_at) noteServerDraft(moduleCode, filedFor, answer.updated_at);
          return reply.ok;
        }).catch(() => false);
        // The page may stay (a hidden tab comes back): the cache follows this save too; the tab keeps
        // its copy for a reload that reads the draft before this save lands (after `sent` drops the old one).
        const sent = cache.sent(stored);
        keepUnsentDraft(moduleCode, filedFor, stored, base);
        void sent.then(async (kept) => ((await saved) ? cache.succeeded(kept) : cache.failed(kept)));
        return;
      }
      writes.current?.save(data);
    };
    return {
      change(data) {
        s.pending = data;
        stopTimer();
        if (s.held) return;
        s.timer = setTimeout(() => save(false), DRAFT_DEBOUNCE_MS);
      },
      flush: (keepalive = false) => save(keepalive),
      async clear() {
        stopTimer();
        s.pending = null;
        await remove();
      },
      loaded() {
        s.onServer = true;
      },
      hold() {
        stopTimer();
        s.held = true;
      },
      resume() {
        s.held = false;
        if (s.pending) s.timer = setTimeout(() => save(false), DRAFT_DEBOUNCE_MS);
      },
    };
  }, [cache, moduleCode, filedFor, whose]);

  // Leaving: the page is hidden (tab switched, app backgrounded) or unloaded; then unmount.
  useEffect(() => {
    const hidden = () => {
      if (document.visibilityState === 'hidden') saver.flush(true);
    };
    const pagehide = () => saver.flush(true);
    document.addEventListener('visibilitychange', hidden);
    window.addEventListener('pagehide', pagehide);
    return () => {
      document.removeEventListener('visibilitychange', hidden);
      window.removeEventListener('pagehide', pagehide);
      saver.flush(false);
    };
  }, [saver]);

  // Declared after the leaving effect on purpose: on unmount React cleans effects up in order, so
  // the last save is made while these mutations' observers are still subscribed (a mutation made
  // through an unsubscribed observer keeps it, and is never dropped from the mutation cache).
  const mutationKey = resourceKey('/buffer_temporaries', { module_code: moduleCode, ...whose });
  const scope = { id: filedFor === null ? `draft:${moduleCode}` : `draft:${moduleCode}:for:${filedFor}` };
  const { mutate: saveDraft } = useMutation({
    mutationKey,
    scope,
    networkMode: 'always',
    mutationFn: (data: FormData) => api.post<Draft>('/buffer_temporaries', { module_code: moduleCode, data, ...whose } satisfies DraftBody, { ringiSilent: true }),
    onMutate: (data) => cache.sent(asStored(data)),
    onSuccess: (reply, _data, kept) => {
      noteServerDraft(moduleCode, filedFor, reply.data.updated_at);
      cache.succeeded(kept);
    },
    onError: (_error, _data, kept) => {
      if (kept !== undefined) cache.failed(kept);
    },
  });
  const { mutateAsync: deleteDraft } = useMutation({
    mutationKey,
    scope,
    networkMode: 'always',
    mutationFn: () => api.delete('/buffer_temporaries', { params: { module_code: moduleCode, ...whose } satisfies DraftQuery, ringiSilent: true }),
    onMutate: () => cache.sent(null),
    onSuccess: () => {
      noteServerDraft(moduleCode, filedFor, null);
      cache.succeeded(null);
    },
    onError: () => cache.failed(null),
  });
  writes.current = { save: saveDraft, remove: deleteDraft };

  return saver;
}
