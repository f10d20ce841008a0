import { useState, type ReactNode } from 'react';
import { act } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { I18nextProvider } from 'react-i18next';
import { RendererHostContext, type RendererHost } from '../../../src/renderer/host';
import { createTestI18n } from '../test-host';
import { createTestQueryClient, TestQueryProvider } from '../query-client';

/** A request a page made through the host. */
export interface HostCall {
  method: 'GET' | 'POST';
  path: string;
  params?: Record<string, unknown>;
  body?: unknown;
}

/** `'GET /approvals/my'` → a reply (or a function of the call); a thrown error is a failed call. */
export type HostRoutes = Record<string, unknown | ((call: HostCall) => unknown)>;

export interface ApprovalsHostOptions {
  routes: HostRoutes;
  user?: RendererHost['user'];
  /** Answers of the confirmations, in order; true once they run out. */
  confirmAnswers?: boolean[];
}

/**
 * A renderer host answering from a table of routes and recording every call, confirmation,
 * alert and toast. Pages pushed with `openPage` are shown after the page as `role="dialog"`
 * sections named by their title; `results` holds what each closed page returned.
 */
export function createApprovalsHost({ routes, user, confirmAnswers = [] }: ApprovalsHostOptions) {
  const calls: HostCall[] = [];
  const confirms: string[] = [];
  const alerts: Array<{ title: string; message: string }> = [];
  const toasts: Array<{ message: string; intent: string; durationMs?: number }> = [];
  const results: Array<{ title: string; result: unknown }> = [];
  let pages: Array<{ id: number; title: string; node: ReactNode }> = [];
  let nextId = 1;
  let show: (next: typeof pages) => void = () => undefined;
  const setPages = (next: typeof pages) => {
    pages = next;
    show(next);
  };

  const answer = async (call: HostCall) => {
    calls.push(call);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const key = `${call.method} ${call.path}`;
    if (!(key in routes)) throw Object.assign(new Error(`no route ${key}`), { status: 404 });
    const route = routes[key];
    return typeof route === 'function' ? (route as (c: HostCall) => unknown)(call) : route;
  };

  const host: RendererHost = {
    openPage<T>(given: string | { key: string; params?: Record<string, unknown>; fallback?: string }, render: (close: (result?: T) => void) => ReactNode) {
      // A `{ key, params }` title is translated as the app's stack does it.
      const title = typeof given === 'string' ? given : i18n.t(given.key, { ...given.params, defaultValue: given.fallback });
      return new Promise<T | undefined>((resolve) => {
        const id = nextId++;
        const close = (result?: T) => {
          results.push({ title, result });
          setPages(pages.filter((p) => p.id !== id));
          resolve(result);
        };
        setPages([...pages, { id, title, node: render(close) }]);
      });
    },
    async confirm(message) {
      confirms.push(message);
      return confirmAnswers.length ? (confirmAnswers.shift() as boolean) : true;
    },
    async alert(title, message) {
      alerts.push({ title, message });
    },
    toast(message, intent, durationMs) {
      toasts.push({ message, intent, durationMs });
    },
    api: {
      get: async <T,>(path: string, params?: Record<string, unknown>) => (await answer({ method: 'GET', path, params })) as T,
      post: async <T,>(path: string, body?: unknown) => (await answer({ method: 'POST', path, body })) as T,
      delete: async <T,>() => ({}) as T,
      upload: async <T,>() => ({ id: 99, name: 'slip.pdf' }) as T,
    },
    user: user ?? { id: 7, name: 'Kenji Approver', is_finance: false, is_treasury: false, is_authorizer: false, is_legal: false, company: { id: 1, name: 'Ringi Holdings' } },
    language: 'en',
  };

  function Pages() {
    const [shown, setShown] = useState(pages);
    show = setShown;
    return (
      <>
        {shown.map((page) => (
          <section key={page.id} role="dialog" aria-label={page.title}>
            {page.node}
          </section>
        ))}
      </>
    );
  }

  const i18n = createTestI18n('en');
  const queryClient = createTestQueryClient();
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <I18nextProvider i18n={i18n}>
        <FluentProvider theme={webLightTheme}>
          <TestQueryProvider client={queryClient}>
            <RendererHostContext.Provider value={host}>
              {children}
              <Pages />
            </RendererHostContext.Provider>
          </TestQueryProvider>
        </FluentProvider>
      </I18nextProvider>
    );
  }

  /** Lets pending replies (and the renders they cause) finish. */
  async function settle(rounds = 5): Promise<void> {
    for (let i = 0; i < rounds; i++) {
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
      });
    }
  }

  const gets = (path: string) => calls.filter((c) => c.method === 'GET' && c.path === path);
  const posts = (path?: string) => calls.filter((c) => c.method === 'POST' && (path === undefined || c.path === path));
  return { host, Wrapper, queryClient, i18n, calls, confirms, alerts, toasts, results, settle, gets, posts };
}
