import { useEffect, useMemo, useRef } from 'react';
import { API_BASE, readToken, type ApiClient } from '../../api';
import { currentLanguage } from '../../i18n';

/** Pause after the last change before the draft is saved (a closed tab loses at most this much). */
export const DRAFT_DEBOUNCE_MS = 1000;

type FormData = Record<string, unknown>;

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
 * Drafts of one module (spec 000 §4 "Shared form behaviour"): saved to the server ~1 s after
 * each change and at once when the form is left (unmount, tab switch, page hidden or closed —
 * the last with `fetch(..., { keepalive: true })`, which outlives the page), so a reload or a
 * closed tab finds it again. A form equal to its defaults is not a draft: it deletes the draft.
 * Failures are silent: a draft is a convenience, and the form still holds the data.
 */
export function useDraft(api: ApiClient, moduleCode: string, isDefault: (data: FormData) => boolean): DraftSaver {
  const state = useRef({ pending: null as FormData | null, timer: undefined as ReturnType<typeof setTimeout> | undefined, onServer: false, held: false });
  const isDefaultRef = useRef(isDefault);
  isDefaultRef.current = isDefault;

  const saver = useMemo<DraftSaver>(() => {
    const s = state.current;
    const stopTimer = () => {
      if (s.timer !== undefined) clearTimeout(s.timer);
      s.timer = undefined;
    };
    const remove = async () => {
      s.onServer = false;
      await api.delete(`/buffer_temporaries`, { params: { module_code: moduleCode }, ringiSilent: true }).catch(() => undefined);
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
      const body = { module_code: moduleCode, data };
      if (keepalive && typeof fetch === 'function') {
        const token = readToken();
        void fetch(`${API_BASE}/buffer_temporaries`, {
          method: 'POST',
          keepalive: true,
          headers: { 'Content-Type': 'application/json', 'Accept-Language': currentLanguage(), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify(body),
        }).catch(() => undefined);
        return;
      }
      void api.post('/buffer_temporaries', body, { ringiSilent: true }).catch(() => undefined);
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
  }, [api, moduleCode]);

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

  return saver;
}
