import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { createTestQueryClient, TestQueryProvider } from '../query-client';
import { ApiError, createApiClient, getLastApiError, queryString, TOKEN_STORAGE_KEY, API_TIMEOUT_MS } from '../../../src/app/api';
import { FeedbackProvider } from '../../../src/app/feedback';
import { SessionProvider, useSession } from '../../../src/app/session';
import { setLanguage } from '../../../src/app/i18n';
import { mockNetwork, type Reply } from './harness';
import { texts } from './locale';

function client(routes: Record<string, Reply>) {
  const network = mockNetwork(routes);
  const onUnauthorized = vi.fn();
  const onError = vi.fn();
  const api = createApiClient({
    adapter: network.adapter,
    getLanguage: () => 'zh',
    onUnauthorized,
    onError,
    fallbackMessage: (kind) => `fallback:${kind}`,
  });
  return { api, onUnauthorized, onError, ...network };
}

describe('api client', () => {
  beforeEach(() => localStorage.clear());

  it('sends the bearer token and the language under /api with the spec timeout', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    const { api, sent } = client({ 'GET /profile': { status: 200, data: { ok: true } } });
    const reply = await api.get('/profile');
    expect(reply.data).toEqual({ ok: true });
    expect(sent[0].headers.Authorization).toBe('Bearer tok');
    expect(sent[0].headers['Accept-Language']).toBe('zh');
    expect(api.defaults.baseURL).toBe('/api');
    expect(api.defaults.timeout).toBe(API_TIMEOUT_MS);
  });

  it('on 401 records the error, clears the token and logs out, without a toast', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'expired');
    const { api, onUnauthorized, onError } = client({
      'GET /approvals/my': { status: 401, data: { message: 'JWT expired', code: 'UNAUTHORIZED' } },
    });
    await expect(api.get('/approvals/my')).rejects.toMatchObject({ status: 401, message: 'JWT expired' });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onError).not.toHaveBeenCalled();
    expect(getLastApiError()?.error.message).toBe('JWT expired');
  });

  it('reports other failures with the server message and rejects with an ApiError', async () => {
    const { api, onError, onUnauthorized } = client({
      'POST /buffer/withdrawal': { status: 409, data: { message: 'Already approved', code: 'CONFLICT' } },
    });
    const failure = await api.post('/buffer/withdrawal', { buffer_id: 1 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).code).toBe('CONFLICT');
    expect(onError).toHaveBeenCalledWith('Already approved', failure);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('treats any status above 204 as an error', async () => {
    const { api, onError } = client({
      'GET /ok': { status: 204 },
      'GET /reset-content': { status: 205, data: {} },
    });
    await expect(api.get('/ok')).resolves.toMatchObject({ status: 204 });
    await expect(api.get('/reset-content')).rejects.toMatchObject({ status: 205, message: 'fallback:unknown' });
    expect(onError).toHaveBeenCalledWith('fallback:unknown', expect.any(ApiError));
  });

  it('lets a caller opt out of the global handling', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    const { api, onError, onUnauthorized } = client({ 'POST /login_check': { status: 401, data: { message: 'no' } } });
    await expect(api.post('/login_check', {}, { ringiSilent: true })).rejects.toMatchObject({ status: 401 });
    expect(onError).not.toHaveBeenCalled();
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('tok');
  });
});

function Caller({ path }: { path: string }) {
  const { api, status } = useSession();
  return (
    <>
      <p>status:{status}</p>
      <button onClick={() => void api.get(path).catch(() => undefined)}>call</button>
    </>
  );
}

describe('api client inside the app', () => {
  it('shows the server message as an error toast', async () => {
    localStorage.clear();
    await setLanguage('ja');
    const { adapter } = mockNetwork({ 'GET /companies': { status: 500, data: { message: 'Database unavailable', code: 'INTERNAL' } } });
    render(
      <FluentProvider theme={webLightTheme}>
        <TestQueryProvider client={createTestQueryClient()}>
          <FeedbackProvider>
            <SessionProvider adapter={adapter}>
              <Caller path="/companies" />
            </SessionProvider>
          </FeedbackProvider>
        </TestQueryProvider>
      </FluentProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'call' }));
    expect(await screen.findByText('Database unavailable')).toBeTruthy();
  });

  it('says the session is no longer valid when a signed-in call gets 401', async () => {
    localStorage.clear();
    localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
    await setLanguage('ja');
    const { adapter } = mockNetwork({
      'GET /profile': { status: 200, data: { id: 1, name: 'A', roles: { 'hydra:member': [] } } },
      'GET /approvals/my': { status: 401, data: { message: 'Expired JWT Token', code: 'UNAUTHORIZED' } },
    });
    render(
      <FluentProvider theme={webLightTheme}>
        <TestQueryProvider client={createTestQueryClient()}>
          <FeedbackProvider>
            <SessionProvider adapter={adapter}>
              <Caller path="/approvals/my" />
            </SessionProvider>
          </FeedbackProvider>
        </TestQueryProvider>
      </FluentProvider>,
    );
    expect(await screen.findByText('status:authenticated')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'call' }));
    expect(await screen.findByText('status:anonymous')).toBeTruthy();
    expect(await screen.findByText(texts.ja.errors.sessionExpired)).toBeTruthy();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });
});

describe('api client over fetch', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('writes the query as the API reads it: arrays as key[], nulls left out', () => {
    expect(queryString({ page: 1, status: [0, 2], 'sort[createdAt]': 'desc', search: 'a b', company: null, x: undefined })).toBe(
      'page=1&status%5B%5D=0&status%5B%5D=2&sort%5BcreatedAt%5D=desc&search=a+b',
    );
  });

  it('sends JSON bodies with fetch and reads the JSON reply', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ id: 5 }), { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    const api = createApiClient({ getLanguage: () => 'en', onUnauthorized: vi.fn(), onError: vi.fn(), fallbackMessage: (kind) => kind });
    const reply = await api.post('/buffer/purchase', { a: 1 }, { params: { draft: true }, headers: { 'Idempotency-Key': 'k1' } });
    expect(reply).toEqual({ status: 201, data: { id: 5 } });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/buffer/purchase?draft=true');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json', 'Idempotency-Key': 'k1', 'Accept-Language': 'en' });
  });

  it('turns a failed connection into an ApiError with status 0 and the network message', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('Failed to fetch'); }));
    const onError = vi.fn();
    const api = createApiClient({ getLanguage: () => 'en', onUnauthorized: vi.fn(), onError, fallbackMessage: (kind) => `fallback:${kind}` });
    await expect(api.get('/profile')).rejects.toMatchObject({ status: 0, message: 'fallback:network' });
    expect(onError).toHaveBeenCalledWith('fallback:network', expect.any(ApiError));
  });
});
