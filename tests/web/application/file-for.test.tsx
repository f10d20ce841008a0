import { describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { renderApp, type SentRequest } from '../app/harness';
import { texts } from '../app/locale';
import debt from '../../../locales/en/collection-debt.json';
import { debtRoutes, openDebtLauncher, submitDebt } from './application-harness';

const app = texts.en;
const TIMEOUT = 40_000;
configure({ asyncUtilTimeout: 15_000 });

const permission = (id: number, principal: { id: number; name: string }, moduleCodes: string[] | null) => ({
  id, principal, filer: { id: 7, name: 'Hanako Yamada' }, from: '2026-01-01', to: '2099-12-31', module_codes: moduleCodes, state: 'active', created_at: '2026-01-01T00:00:00Z',
});

/** Drafts kept per `filed_for` (absent: the user's own), as the server keeps them. */
function drafts(initial: Record<string, Record<string, unknown>>) {
  const stored = new Map(Object.entries(initial));
  const whose = (r: SentRequest) => String((r.params as { filed_for?: number } | undefined)?.filed_for ?? (r.body as { filed_for?: number } | undefined)?.filed_for ?? 'own');
  return {
    stored,
    'GET /buffer_temporaries': (r: SentRequest) => {
      const data = stored.get(whose(r));
      return data ? { status: 200, data: { module_code: 'collection-debt', data, updated_at: '2026-01-01T00:00:00Z' } } : { status: 204 };
    },
    'POST /buffer_temporaries': (r: SentRequest) => {
      stored.set(whose(r), (r.body as { data: Record<string, unknown> }).data);
      return { status: 200, data: { ...(r.body as object), updated_at: '2026-01-01T00:00:00Z' } };
    },
    'DELETE /buffer_temporaries': (r: SentRequest) => {
      stored.delete(whose(r));
      return { status: 204 };
    },
  };
}

const customer = () => screen.getByRole('textbox', { name: debt.customer_name.label }) as HTMLInputElement;
const fileFor = () => screen.getByRole('combobox', { name: app.application.fileFor.label }) as HTMLSelectElement;

describe('application page: File for (代理申請)', () => {
  it('offers the principals who allowed this module, starts from the draft for the one chosen, asks their route and files with filed_for', async () => {
    const { stored, ...draftRoutes } = drafts({ own: { customer_name: 'Own Co' }, 9: { customer_name: 'Boss Co' } });
    const view = await renderApp({
      token: 't', language: 'en',
      routes: await debtRoutes({
        ...draftRoutes,
        'GET /proxy_filers': { status: 200, data: { 'hydra:member': [], 'hydra:totalItems': 0, filing_for: [
          permission(1, { id: 9, name: 'Taro Boss' }, ['collection-debt']),
          permission(2, { id: 10, name: 'Purchase Only' }, ['purchase']),
          permission(3, { id: 11, name: 'Every Module' }, null),
        ] } },
        'POST /master_processes/resolve': { status: 200, data: { steps: [] } },
        'POST /buffer/collection-debt': { status: 201, data: { id: 41, code: 'CDB-2026-000041', status: 0 } },
      }),
    });
    await openDebtLauncher(view.user);
    await waitFor(() => expect(customer().value).toBe('Own Co'));
    // Myself, and the two who allowed this module (not the one who allowed only purchases).
    expect(within(fileFor()).getAllByRole('option').map((o) => o.textContent)).toEqual([app.application.fileFor.self.replace('{{name}}', 'Hanako Yamada'), 'Taro Boss', 'Every Module']);
    expect(screen.queryByTestId('file-for-note')).toBeNull();

    await view.user.selectOptions(fileFor(), 'Taro Boss');
    await waitFor(() => expect(customer().value).toBe('Boss Co'));
    expect(screen.getByTestId('file-for-note').textContent).toContain('Taro Boss');
    expect(view.calls('GET /buffer_temporaries').at(-1)?.params).toMatchObject({ module_code: 'collection-debt', filed_for: 9 });
    await waitFor(() => expect(view.calls('POST /master_processes/resolve').some((c) => (c.body as { filed_for?: number }).filed_for === 9)).toBe(true));

    // Typing saves the draft for Taro Boss, not the user's own.
    await view.user.clear(customer());
    await view.user.type(customer(), 'Boss Ltd');
    await waitFor(() => expect(stored.get('9')).toMatchObject({ customer_name: 'Boss Ltd' }));
    // The user's own draft stays theirs (leaving it for the principal's form saved it as it was).
    expect(stored.get('own')).toMatchObject({ customer_name: 'Own Co' });
    const saves = view.calls('POST /buffer_temporaries').map((c) => c.body as { filed_for?: number; data: { customer_name?: string } });
    expect(saves.filter((b) => b.data.customer_name?.startsWith('Boss')).every((b) => b.filed_for === 9)).toBe(true);
    expect(saves.filter((b) => b.filed_for === undefined).every((b) => b.data.customer_name === 'Own Co')).toBe(true);

    await submitDebt(view.user);
    const posted = view.calls('POST /buffer/collection-debt');
    expect(posted).toHaveLength(1);
    expect(posted[0].body).toMatchObject({ customer_name: 'Boss Ltd', filed_for: 9 });
  }, TIMEOUT);

  it('shows no File for choice to someone nobody allowed, and files without filed_for', async () => {
    const view = await renderApp({
      token: 't', language: 'en',
      routes: await debtRoutes({
        'GET /proxy_filers': { status: 200, data: { 'hydra:member': [], 'hydra:totalItems': 0, filing_for: [permission(2, { id: 10, name: 'Purchase Only' }, ['purchase'])] } },
        'POST /master_processes/resolve': { status: 200, data: { steps: [] } },
      }),
    });
    await openDebtLauncher(view.user);
    await screen.findByRole('textbox', { name: debt.customer_name.label });
    await waitFor(() => expect(view.calls('GET /proxy_filers').length).toBeGreaterThan(0));
    expect(screen.queryByTestId('file-for')).toBeNull();
    expect(screen.queryByRole('combobox', { name: app.application.fileFor.label })).toBeNull();
    await waitFor(() => expect(view.calls('POST /master_processes/resolve').length).toBeGreaterThan(0));
    expect(view.calls('POST /master_processes/resolve').every((c) => !('filed_for' in (c.body as object)))).toBe(true);
  }, TIMEOUT);
});
