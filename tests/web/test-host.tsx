import { useState, type ReactNode } from 'react';
import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { RendererHostContext, type PageTitleText, type RendererHost } from '../../src/renderer/host';
import { pageTitleText } from '../../src/app/shell/page-title';
import { createTestQueryClient, TestQueryProvider } from './query-client';

type Lang = 'en' | 'ja' | 'zh';
const files = import.meta.glob<Record<string, unknown>>('/locales/*/*.json', { eager: true, import: 'default' });

/**
 * i18next over every locale file on disk, shaped exactly like the app's (one `translation`
 * namespace, keys `<file>.<path>`), so a component using another shape fails here too.
 */
export function createTestI18n(lang: Lang = 'en'): I18n {
  const resources: Resource = {};
  for (const [path, content] of Object.entries(files)) {
    const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const [, language, prefix] = match;
    resources[language] ??= { translation: {} };
    (resources[language].translation as Record<string, unknown>)[prefix] = content;
  }
  // Given to the tree through I18nextProvider only: `.use(initReactI18next)` would make it the
  // default of every later component test file in the worker (they share modules), the app's own.
  const instance = i18next.createInstance();
  void instance.init({ resources, lng: lang, fallbackLng: 'ja', interpolation: { escapeValue: false }, initAsync: false });
  return instance;
}

/**
 * The lookups a component test may need from the server (names of ids in cards, picker lists).
 * A small fixed table of this test host, not a stand-in for the server under test.
 */
export const lookupTables: Record<string, Array<Record<string, unknown>>> = {
  companies: [
    { id: 1, name: 'Ringi Holdings', code: 'RH' },
    { id: 2, name: 'Ringi Japan', code: 'RJ' },
  ],
  departments: [
    { id: 2, name: 'Purchasing', company_id: 1 },
    { id: 10, name: 'Sales', company_id: 1 },
    { id: 11, name: 'Finance', company_id: 1 },
    { id: 20, name: 'Tokyo Office', company_id: 2 },
  ],
  currencies: [
    { id: 1, code: 'CNY', name: 'CNY' },
    { id: 2, code: 'JPY', name: 'JPY' },
    { id: 3, code: 'USD', name: 'USD' },
  ],
  users: [
    { id: 5, name: 'Kenji Finance', is_finance: true },
    { id: 100, name: 'Hanako Finance', is_finance: true },
    { id: 101, name: 'Taro Staff', is_finance: false },
  ],
  master_processes: [
    { id: 1, position: 1, optional: false, process: { id: 1, code: 'manager', name: 'Manager' } },
    { id: 2, position: 2, optional: true, process: { id: 2, code: 'finance', name: 'Finance' } },
  ],
  // A company's positions as `GET /companies/{id}/positions?includeRetired=1` lists them (name in English).
  positions: [
    { id: 1, company_id: 1, code: 'head', name: 'Department head', state: 'active' },
    { id: 2, company_id: 1, code: 'director', name: 'Division director', state: 'active' },
  ],
  locations: [{ id: 31, company_id: 1, address: '1-2-3 Shibuya' }],
  saved_approvers: [],
  files: [],
};

/** `/companies/1` → a row; `/companies/1/departments` → its departments; `/companies` → all, as a hydra collection. */
function lookup(path: string): unknown {
  const parts = path.replace(/^\/api/, '').split('/').filter(Boolean);
  const [table, id, child] = parts;
  if (table === 'my-default-process') return { default_approvers: [] };
  if (parts.length === 2 && table === 'users' && id === 'finance') return collection(lookupTables.users.filter((u) => u.is_finance));
  if (parts.length === 1 && lookupTables[table]) return collection(lookupTables[table]);
  if (parts.length === 2 && lookupTables[table]) {
    const row = lookupTables[table].find((r) => String(r.id) === id);
    if (row) return row;
  }
  if (parts.length === 3 && table === 'companies' && lookupTables[child]) {
    return collection(lookupTables[child].filter((r) => String(r.company_id) === id));
  }
  throw Object.assign(new Error(`Test host: no lookup for ${path}`), { status: 404 });
}

function collection(rows: unknown[]) {
  return { 'hydra:member': rows, 'hydra:totalItems': rows.length };
}

/** What the test host recorded, for assertions on what the user was shown. */
export interface TestHostLog {
  alerts: Array<{ title: string; message: string }>;
  confirms: Array<{ message: string; title?: string }>;
  toasts: Array<{ message: string; intent: string }>;
  posts: Array<{ path: string; body: unknown }>;
  gets: string[];
}

export interface TestHostOptions {
  language?: Lang;
  /** Answer of every confirm (default true). */
  confirmAnswer?: boolean;
  user?: RendererHost['user'];
  /** Holds a lookup's answer until the promise it returns settles (a slow network for one path); undefined answers at once. */
  lookupGate?: (path: string) => Promise<void> | undefined;
}

interface OpenPage {
  id: number;
  title: string;
  node: ReactNode;
}

/**
 * A renderer host for component tests: alerts, confirms and toasts are recorded (confirms answer
 * `confirmAnswer`), pages opened by widgets are stacked after the form as `role="dialog"`
 * sections named by their title, and `api.get` answers from `lookupTables`.
 */
export function createTestHost(options: TestHostOptions = {}) {
  const log: TestHostLog = { alerts: [], confirms: [], toasts: [], posts: [], gets: [] };
  let pending = 0;
  // The page stack: widgets open pages from pages (a department picker on a goods page).
  let pages: OpenPage[] = [];
  let nextPageId = 1;
  let showPages: (next: OpenPage[]) => void = () => undefined;
  const setPages = (next: OpenPage[]) => {
    pages = next;
    showPages(next);
  };
  const host: RendererHost = {
    openPage<T>(given: PageTitleText, renderPage: (close: (result?: T) => void) => ReactNode) {
      // A `{ key }` title is translated as the app's toolbar does it (in the host's language).
      const title = pageTitleText(given, i18n.t, host.language);
      return new Promise<T | undefined>((resolve) => {
        const id = nextPageId++;
        const close = (result?: T) => {
          setPages(pages.filter((page) => page.id !== id));
          resolve(result);
        };
        setPages([...pages, { id, title, node: renderPage(close) }]);
      });
    },
    async confirm(message, title) {
      log.confirms.push({ message, title });
      return options.confirmAnswer ?? true;
    },
    async alert(title, message) {
      log.alerts.push({ title, message });
    },
    toast(message, intent) {
      log.toasts.push({ message, intent });
    },
    api: {
      get: async <T,>(path: string) => {
        log.gets.push(path);
        pending++;
        try {
          // A macrotask, like a network reply: components see a loading state first.
          await new Promise((resolve) => setTimeout(resolve, 0));
          await options.lookupGate?.(path);
          return lookup(path) as T;
        } finally {
          pending--;
        }
      },
      post: async <T,>(path: string, body?: unknown) => {
        log.posts.push({ path, body });
        return {} as T;
      },
      delete: async <T,>() => ({}) as T,
      upload: async <T,>() => ({ id: 1 }) as T,
    },
    user: options.user ?? { id: 101, name: 'Taro Staff', is_finance: false, is_treasury: false, is_authorizer: false, is_legal: false, company: { id: 1, name: 'Ringi Holdings' } },
    language: options.language ?? 'en',
  };

  function PageLayer() {
    const [shown, setShown] = useState<OpenPage[]>(pages);
    showPages = setShown;
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

  const i18n = createTestI18n(options.language ?? 'en');
  const queryClient = createTestQueryClient();
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <I18nextProvider i18n={i18n}>
        <FluentProvider theme={webLightTheme}>
          <TestQueryProvider client={queryClient}>
            <RendererHostContext.Provider value={host}>
              {children}
              <PageLayer />
            </RendererHostContext.Provider>
          </TestQueryProvider>
        </FluentProvider>
      </I18nextProvider>
    );
  }
  /**
   * Waits until no lookup is in flight and none was started by the last render (cards resolving
   * names), twice in a row: the query cache tells components about an answer on its next tick,
   * and the render that follows may ask for more. Never gives up silently: if lookups are still going after `limitMs`, the test fails
   * with what was still pending — a test that goes on would judge a half-loaded screen.
   */
  async function settled(limitMs = 10_000): Promise<void> {
    const deadline = Date.now() + limitMs;
    let quiet = 0;
    while (Date.now() < deadline) {
      const started = log.gets.length;
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
      });
      quiet = pending === 0 && log.gets.length === started && queryClient.isFetching() === 0 ? quiet + 1 : 0;
      if (quiet === 2) return;
    }
    throw new Error(`settled(): ${pending} lookup(s) still in flight after ${limitMs} ms (last GETs: ${log.gets.slice(-5).join(', ')})`);
  }
  return { host, log, Wrapper, i18n, settled, queryClient };
}

/** Renders `ui` inside a fresh test host; returns Testing Library's result, the host's log and a user-event user. */
export function renderWithHost(ui: ReactNode, options: TestHostOptions = {}) {
  const testHost = createTestHost(options);
  const user = userEvent.setup();
  const result = render(ui, { wrapper: testHost.Wrapper });
  return { ...result, ...testHost, user };
}
