import { useMemo, type ReactNode } from 'react';
import { RendererHostContext, type PageTitleText, type RendererHost } from '../../renderer/host';
import { useFeedback } from '../feedback';
import { usePageStack } from '../navigation';
import { useSession } from '../session';
import { toLanguage } from '../i18n';
import { useTranslation } from 'react-i18next';

/**
 * The app's implementation of the renderer's host (docs/ARCHITECTURE.md "The renderer's host"):
 * pages go on the shell's page stack, dialogs and toasts are the shell's, HTTP goes through the
 * session's API client (fetch) (so 401 → logout and error toasts apply to renderer calls too).
 */
export function AppRendererHost({ children }: { children: ReactNode }) {
  const stack = usePageStack();
  const feedback = useFeedback();
  const { api, profile } = useSession();
  const { i18n } = useTranslation();
  const language = toLanguage(i18n.language);

  const host = useMemo<RendererHost>(
    () => ({
      openPage: <T,>(title: PageTitleText, render: (close: (result?: T) => void) => ReactNode) => stack.push<T>({ title, render }),
      confirm: (message, title, options) => feedback.confirm(message, title, options),
      alert: (title, message) => feedback.alert(title, message),
      toast: (message, intent, durationMs) => feedback.toast(message, intent, durationMs),
      api: {
        get: async <T,>(path: string, params?: Record<string, unknown>) => (await api.get<T>(path, { params })).data,
        post: async <T,>(path: string, body?: unknown, headers?: Record<string, string>) =>
          (await api.post<T>(path, body, { headers })).data,
        delete: async <T,>(path: string) => (await api.delete<T>(path)).data,
        upload: async <T,>(path: string, form: FormData, onProgress?: (fraction: number) => void) =>
          (
            await api.post<T>(path, form, {
              onUploadProgress: (event) => {
                if (onProgress && event.total) onProgress(Math.min(1, event.loaded / event.total));
              },
            })
          ).data,
      },
      user: profile
        ? {
            id: profile.id,
            name: profile.name,
            is_finance: profile.is_finance,
            is_treasury: profile.is_treasury,
            is_authorizer: profile.is_authorizer,
            is_legal: profile.is_legal,
            is_ringi_group_member: profile.is_ringi_group_member,
            company: profile.company ?? null,
          }
        : null,
      language,
    }),
    [stack, feedback, api, profile, language],
  );

  return <RendererHostContext.Provider value={host}>{children}</RendererHostContext.Provider>;
}
