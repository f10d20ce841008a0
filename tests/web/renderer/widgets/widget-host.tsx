import { useState, useSyncExternalStore, type ReactNode } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import Form from '@rjsf/core';
import validator from '@rjsf/validator-ajv8';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { CompiledModule } from '../../../../src/engine';
import type { RingiFormContext } from '../../../../src/renderer/form-context';
import { RendererHostContext, type PageTitleText, type RendererHost } from '../../../../src/renderer/host';
import { pageTitleText } from '../../../../src/app/shell/page-title';
import { customRegistry } from '../../../../src/renderer/widgets';
import enEngine from '../../../../locales/en/engine.json';
import { createTestQueryClient, TestQueryProvider } from '../../query-client';

/** A GET handler: returns the body for a path and its query, or undefined for "404". */
export type ApiHandler = (path: string, params: Record<string, unknown> | undefined) => unknown;

interface OpenPage {
  title: string;
  node: ReactNode;
  close: (result?: unknown) => void;
}

/** An in-memory RendererHost that records calls, stacks pages and answers confirms from a queue. */
export interface TestHost extends RendererHost {
  calls: Array<{ method: string; path: string; params?: Record<string, unknown>; body?: unknown }>;
  confirmAnswers: boolean[];
  confirmMessages: string[];
  /** Whether each confirmation was a destructive one (`{danger: true}`: a red OK). */
  confirmDanger: boolean[];
  toasts: string[];
  alerts: Array<{ title: string; message: string }>;
  pages: OpenPage[];
  /** This host's query cache (a fresh one per host: nothing is cached from one test into the next). */
  queryClient: QueryClient;
  subscribe(listener: () => void): () => void;
}

/** Builds a test host over `handler` (GET) and optional POST/upload handlers. */
export function createTestHost(
  handler: ApiHandler,
  options: { user?: Partial<NonNullable<RendererHost['user']>> & Record<string, unknown>; post?: ApiHandler } = {},
): TestHost {
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((l) => l());
  const host: TestHost = {
    calls: [],
    confirmAnswers: [],
    confirmMessages: [],
    confirmDanger: [],
    toasts: [],
    alerts: [],
    pages: [],
    queryClient: createTestQueryClient(),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    openPage<T>(given: PageTitleText, renderPage: (close: (result?: T) => void) => ReactNode) {
      // A `{ key }` title is translated as the app's toolbar does it (in the host's language).
      const title = pageTitleText(given, i18n.t, host.language);
      return new Promise<T | undefined>((resolve) => {
        const page: OpenPage = {
          title,
          node: null,
          close: (result) => {
            host.pages = host.pages.filter((p) => p !== page);
            notify();
            resolve(result as T | undefined);
          },
        };
        page.node = renderPage(page.close as (result?: T) => void);
        host.pages = [...host.pages, page];
        notify();
      });
    },
    async confirm(message, _title, options) {
      host.confirmMessages.push(message);
      host.confirmDanger.push(options?.danger === true);
      return host.confirmAnswers.length > 0 ? (host.confirmAnswers.shift() as boolean) : true;
    },
    async alert(title, message) {
      host.alerts.push({ title, message });
    },
    toast(message) {
      host.toasts.push(message);
    },
    api: {
      async get<T>(path: string, params?: Record<string, unknown>) {
        host.calls.push({ method: 'GET', path, params });
        const body = handler(path, params);
        if (body === undefined) throw new Error(`404 ${path}`);
        return body as T;
      },
      async post<T>(path: string, body?: unknown) {
        host.calls.push({ method: 'POST', path, body });
        return (options.post?.(path, body as Record<string, unknown>) ?? {}) as T;
      },
      async delete<T>(path: string) {
        host.calls.push({ method: 'DELETE', path });
        return {} as T;
      },
      async upload<T>(path: string, form: FormData, onProgress?: (fraction: number) => void) {
        host.calls.push({ method: 'UPLOAD', path, body: form });
        onProgress?.(1);
        const result = options.post?.(path, Object.fromEntries(form.entries()));
        if (result === undefined) throw new Error('upload failed');
        return result as T;
      },
    },
    user: { id: 1, name: 'Tester', is_finance: false, is_treasury: false, is_authorizer: false, is_legal: false, company: null, ...options.user } as RendererHost['user'],
    language: 'en',
  };
  return host;
}

/** A hydra collection of `rows`, paged like the server (1-based page, itemsPerPage). */
export function hydra<T>(rows: T[], params?: Record<string, unknown>): { 'hydra:member': T[]; 'hydra:totalItems': number } {
  const page = Number(params?.page ?? 1);
  const size = Number(params?.itemsPerPage ?? 10);
  return { 'hydra:member': rows.slice((page - 1) * size, page * size), 'hydra:totalItems': rows.length };
}

const i18n = i18next.createInstance();
// Through I18nextProvider only: made the react-i18next default, it would be every later file's (shared modules).
void i18n.init({
  lng: 'en',
  resources: { en: { translation: { engine: enEngine } } },
  interpolation: { escapeValue: false },
});

/**
 * The host's page stack, like the app's: every page stays mounted (a sub-form keeps its state
 * while a picker is open on top of it); only the top one is shown, with a heading and Back.
 */
function PageOutlet({ host }: { host: TestHost }) {
  const pages = useSyncExternalStore(host.subscribe, () => host.pages);
  return (
    <>
      {pages.map((page, i) => (
        <section key={i} aria-label={`page: ${page.title}`} hidden={i !== pages.length - 1}>
          <h2>{page.title}</h2>
          <button type="button" onClick={() => page.close(undefined)}>
            Back
          </button>
          {page.node}
        </section>
      ))}
    </>
  );
}

/**
 * Providers every renderer component needs: Fluent, i18n (English engine texts, or `i18n`: another
 * language, e.g. test-host's `createTestI18n('zh')`), the host's query cache, the host, and its page outlet.
 */
export function Providers({ host, children, i18n: given }: { host: TestHost; children: ReactNode; i18n?: typeof i18n }) {
  return (
    <FluentProvider theme={webLightTheme}>
      <I18nextProvider i18n={given ?? i18n}>
        <TestQueryProvider client={host.queryClient}>
          <RendererHostContext.Provider value={host}>
            {children}
            <PageOutlet host={host} />
          </RendererHostContext.Provider>
        </TestQueryProvider>
      </I18nextProvider>
    </FluentProvider>
  );
}

/** A minimal compiled module for form context (only the parts widgets read). */
export function fakeModule(code: string, extra: Partial<CompiledModule> = {}): CompiledModule {
  return {
    code,
    kind: 'module',
    version: 'test',
    schema: {},
    uiSchema: {},
    rules: {},
    meta: { code, kind: 'module', title: `${code}.title`, editable: false, hasBypass: false, needsStampNo: false, bodyKey: null, listCard: { summary: [] }, detailCard: { sections: [] }, dropZeroItems: {}, subForms: [] },
    subForms: {},
    translations: { en: {}, ja: {}, zh: {} },
    ...extra,
  };
}

interface HarnessProps {
  host: TestHost;
  schema: RJSFSchema;
  uiSchema: UiSchema;
  initial: Record<string, unknown>;
  module: CompiledModule;
  onData: (data: Record<string, unknown>) => void;
}

function FormHarness({ host, schema, uiSchema, initial, module, onData }: HarnessProps) {
  const [data, setData] = useState<Record<string, unknown>>(initial);
  const update = (next: Record<string, unknown>) => {
    setData(next);
    onData(next);
  };
  const formContext: RingiFormContext = {
    host,
    module,
    formData: data,
    setField: (path, value) => update({ ...data, [path]: value }),
    readOnly: false,
    language: 'en',
  };
  const widgets = Object.fromEntries(Object.entries(customRegistry).filter(([, e]) => e.kind === 'widget').map(([n, e]) => [n, e.component]));
  const fields = Object.fromEntries(Object.entries(customRegistry).filter(([, e]) => e.kind === 'field').map(([n, e]) => [n, e.component]));
  return (
    <Form
      schema={schema}
      uiSchema={{ ...uiSchema, 'ui:submitButtonOptions': { norender: true } }}
      formData={data}
      formContext={formContext}
      validator={validator}
      widgets={widgets}
      fields={fields}
      noHtml5Validate
      onChange={(event) => update(event.formData as Record<string, unknown>)}
    />
  );
}

/** Renders a form with Ringi's custom widgets; `data()` returns the latest form data. */
export function renderForm(
  host: TestHost,
  schema: RJSFSchema,
  uiSchema: UiSchema,
  initial: Record<string, unknown> = {},
  module: CompiledModule = fakeModule('purchase'),
): RenderResult & { data: () => Record<string, unknown> } {
  let latest = initial;
  const result = render(
    <Providers host={host}>
      <FormHarness host={host} schema={schema} uiSchema={uiSchema} initial={initial} module={module} onData={(d) => (latest = d)} />
    </Providers>,
  );
  return Object.assign(result, { data: () => latest });
}
