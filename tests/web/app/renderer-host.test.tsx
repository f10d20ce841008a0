import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { createTestQueryClient, TestQueryProvider } from '../query-client';
import { AppRendererHost } from '../../../src/app/host/AppRendererHost';
import { FeedbackProvider } from '../../../src/app/feedback';
import { NavigationContext, PageStack } from '../../../src/app/navigation';
import { SessionProvider } from '../../../src/app/session';
import { TOKEN_STORAGE_KEY } from '../../../src/app/api';
import { setLanguage } from '../../../src/app/i18n';
import { useRendererHost, type RendererHost } from '../../../src/renderer/host';
import { mockNetwork, profile } from './harness';

async function renderHost(routes: Parameters<typeof mockNetwork>[0]) {
  localStorage.clear();
  localStorage.setItem(TOKEN_STORAGE_KEY, 'tok');
  await setLanguage('zh');
  const network = mockNetwork({ 'GET /profile': { status: 200, data: profile({ is_finance: true }) }, ...routes });
  const stack = new PageStack();
  stack.reset({ title: 'root', render: () => null });
  let host: RendererHost | null = null;
  function Capture() {
    host = useRendererHost();
    return <p>user:{host.user?.name ?? 'none'}</p>;
  }
  render(
    <FluentProvider theme={webLightTheme}>
      <TestQueryProvider client={createTestQueryClient()}>
        <FeedbackProvider>
          <SessionProvider adapter={network.adapter}>
            <NavigationContext.Provider value={{ stack, tab: 'home', selectTab: () => {} }}>
              <AppRendererHost>
                <Capture />
              </AppRendererHost>
            </NavigationContext.Provider>
          </SessionProvider>
        </FeedbackProvider>
      </TestQueryProvider>
    </FluentProvider>,
  );
  await screen.findByText(`user:${profile().name}`);
  return { host: () => host!, stack, ...network };
}

describe('AppRendererHost', () => {
  it('exposes the signed-in user and the language', async () => {
    const { host } = await renderHost({});
    expect(host().user).toMatchObject({ id: 7, name: profile().name, is_finance: true, company: { id: 1, name: 'Ringi Japan' } });
    expect(host().language).toBe('zh');
  });

  // The page's data is fetched again only when the language shown changes: i18next announces a
  // choice of the language already shown too.
  it('a change of language fetches the page again; choosing the language shown does not', async () => {
    const { calls } = await renderHost({});
    const profileReads = () => calls('GET /profile').length;
    await waitFor(() => expect(profileReads()).toBeGreaterThan(0));
    const before = profileReads();
    await setLanguage('zh');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(profileReads()).toBe(before);
    await setLanguage('en');
    await waitFor(() => expect(profileReads()).toBe(before + 1));
  });

  it('openPage pushes on the app stack and resolves with the page result', async () => {
    const { host, stack } = await renderHost({});
    const result = host().openPage<number>('Pick a currency', () => 'picker');
    expect(stack.depth).toBe(2);
    expect(stack.top?.title).toBe('Pick a currency');
    stack.pop(3);
    await expect(result).resolves.toBe(3);
  });

  it('api calls return the reply body, with query params and the app headers', async () => {
    const { host, sent } = await renderHost({
      'GET /currencies': { status: 200, data: { 'hydra:member': [{ id: 1, code: 'CNY' }], 'hydra:totalItems': 1 } },
      'POST /buffer_temporaries': { status: 201, data: { id: 9 } },
    });
    await expect(host().api.get('/currencies', { page: 2 })).resolves.toEqual({ 'hydra:member': [{ id: 1, code: 'CNY' }], 'hydra:totalItems': 1 });
    await expect(host().api.post('/buffer_temporaries', { module_code: 'purchase' }, { 'Idempotency-Key': 'k1' })).resolves.toEqual({ id: 9 });
    const get = sent.find((r) => r.url === '/currencies')!;
    const post = sent.find((r) => r.url === '/buffer_temporaries')!;
    expect(get.params).toEqual({ page: 2 });
    expect(get.headers.Authorization).toBe('Bearer tok');
    expect(get.headers['Accept-Language']).toBe('zh');
    expect(post.body).toEqual({ module_code: 'purchase' });
    expect(post.headers['Idempotency-Key']).toBe('k1');
  });

  it('a failed renderer call shows the server message as a toast', async () => {
    const { host } = await renderHost({ 'DELETE /files/5': { status: 403, data: { message: 'Not your file', code: 'FORBIDDEN' } } });
    await expect(host().api.delete('/files/5')).rejects.toMatchObject({ status: 403 });
    await waitFor(() => expect(screen.getByText('Not your file')).toBeTruthy());
  });
});
