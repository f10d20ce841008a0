import { configure, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiTransport } from '../../../src/app/api';
import { App } from '../../../src/app/App';
import { setLanguage, type Language } from '../../../src/app/i18n';
import { TOKEN_STORAGE_KEY } from '../../../src/app/api';

// Pages are lazy chunks; on a busy 2-core machine their first import can take over the default 1 s.
configure({ asyncUtilTimeout: 10_000 });
// The app's lazy chunks (the page areas, the tab bar, the query cache, the session's profile
// query) are imported once when a test file loads: a first import inside a test's wait is what
// made the first App test of a file time out now and then at load 25-30.
await Promise.all([
  import('../../../src/app/pages/home/HomePage'),
  import('../../../src/app/pages/statistic/StatisticPage'),
  import('../../../src/app/pages/admin/AdminPage'),
  import('../../../src/app/pages/login/LoginPage'),
  import('../../../src/app/shell/TabBar'),
  import('../../../src/app/query-client-class'),
  import('../../../src/app/session/ProfileQuery'),
]);

/** A mocked reply of the network: status and JSON body. */
export interface Reply {
  status: number;
  data?: unknown;
}

/** A request the app sent, as the mocked network saw it. */
export interface SentRequest {
  method: string;
  url: string;
  params: unknown;
  body: unknown;
  headers: Record<string, string>;
}

type Route = Reply | ((request: SentRequest) => Reply | Promise<Reply>);

/**
 * A fake network at the API client's transport boundary: `'GET /profile'` → reply. Everything
 * above it (headers, status handling, error messages, the app) is the real code. Unknown routes get 404.
 */
export function mockNetwork(routes: Record<string, Route>) {
  const sent: SentRequest[] = [];
  const adapter: ApiTransport = async (transportRequest) => {
    const body = typeof transportRequest.data === 'string' ? JSON.parse(transportRequest.data) : transportRequest.data;
    const request: SentRequest = { method: transportRequest.method, url: transportRequest.url, params: transportRequest.params, body, headers: { ...transportRequest.headers } };
    sent.push(request);
    const route = routes[`${request.method} ${request.url}`];
    const reply: Reply = route === undefined ? { status: 404, data: { message: 'Not found', code: 'NOT_FOUND' } } : typeof route === 'function' ? await route(request) : route;
    return { status: reply.status, data: reply.data };
  };
  return { adapter, sent, calls: (key: string) => sent.filter((r) => `${r.method} ${r.url}` === key) };
}

/** A profile reply as GET /api/profile gives it. */
export function profile(overrides: Record<string, unknown> = {}) {
  return {
    id: 7,
    name: 'Hanako Yamada',
    email: 'employee@example.com',
    initial_name: 'HY',
    company: { id: 1, name: 'Ringi Japan' },
    department: { id: 2, name: 'Sales' },
    location: null,
    join_date: '2024-04-01',
    is_authorizer: false,
    is_finance: false,
    is_treasury: false,
    is_legal: false,
    is_ringi_group_member: false,
    roles: { 'hydra:member': ['ROLE_USER'] },
    my_organization_count: 12,
    external_company_count: 3,
    ...overrides,
  };
}

export interface RenderAppOptions {
  routes?: Record<string, Route>;
  token?: string | null;
  path?: string;
  language?: Language;
}

/** Renders the whole app at `path` with a stored token (or none) over the fake network. */
export async function renderApp({ routes = {}, token = null, path = '/', language = 'ja' }: RenderAppOptions = {}) {
  localStorage.clear();
  if (token) localStorage.setItem(TOKEN_STORAGE_KEY, token);
  await setLanguage(language);
  window.history.replaceState(null, '', path);
  const network = mockNetwork(routes);
  const user = userEvent.setup();
  const view = render(<App adapter={network.adapter} />);
  return { ...view, ...network, user };
}

/** Routes of a signed-in user with the given profile. */
export function signedIn(overrides: Record<string, unknown> = {}): Record<string, Route> {
  return { 'GET /profile': { status: 200, data: profile(overrides) } };
}
