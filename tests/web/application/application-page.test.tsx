import { describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { renderApp, type SentRequest } from '../app/harness';
import { texts } from '../app/locale';
import en from '../../../locales/en/engine.json';
import debt from '../../../locales/en/collection-debt.json';
import { debtRoutes, doc, openDebtLauncher } from './application-harness';
import { DRAFT_DEBOUNCE_MS } from '../../../src/app/pages/application/use-draft';

const app = texts.en;
// The first test also loads the lazy page chunks and compiles the definitions.
const TIMEOUT = 40_000;
const DIALOG = { timeout: 40_000 };
// A busy machine running every project at once: waiting for the UI may take longer than the default.
configure({ asyncUtilTimeout: 15_000 });

/**
 * Opens Home, taps the debt launcher (inside its launcher group when it has one) and waits for its
 * form with every field (a form opened by a tap is busy while it adds the fields after the first screen).
 */
async function openDebt(extra: Parameters<typeof debtRoutes>[0] = {}) {
  const view = await renderApp({ token: 't', language: 'en', routes: await debtRoutes(extra) });
  await openDebtLauncher(view.user);
  await screen.findByRole('textbox', { name: debt.customer_name.label });
  await waitFor(() => expect(screen.getByTestId('application-page').querySelector('form')?.getAttribute('aria-busy')).toBeNull());
  return view;
}

/** Taps Reset once; its confirmation must open. */
async function openResetDialog(user: Awaited<ReturnType<typeof renderApp>>['user']): Promise<HTMLElement> {
  await user.click(screen.getByRole('button', { name: en.renderer.reset }));
  const dialog = await screen.findByRole('alertdialog');
  expect(dialog.textContent).toContain(en.renderer.resetConfirm);
  return dialog;
}

const customer = () => screen.getByRole('textbox', { name: debt.customer_name.label }) as HTMLInputElement;

/**
 * The draft routes of a server that keeps what it is sent (one draft of collection-debt, at
 * first `initial`): GET answers the last saved draft, DELETE clears it. `holdSaves()` keeps every
 * later POST on the way (not yet stored, no answer) until `release()`; `refuseSaves()` answers
 * every later POST with a 503.
 */
function draftServer(initial: Record<string, unknown> | null = null) {
  let stored = initial;
  let gate: Promise<void> | null = null;
  let open: () => void = () => undefined;
  let refusing = false;
  return {
    stored: () => stored,
    holdSaves() {
      gate = new Promise((resolve) => (open = resolve));
    },
    release() {
      open();
      gate = null;
    },
    refuseSaves() {
      refusing = true;
    },
    routes: {
      'GET /buffer_temporaries': () => (stored ? { status: 200, data: { module_code: 'collection-debt', data: stored, updated_at: '2026-01-01T00:00:00Z' } } : { status: 204 }),
      'POST /buffer_temporaries': async (r: SentRequest) => {
        await gate;
        if (refusing) return { status: 503, data: { message: 'Unavailable', code: 'INTERNAL' } };
        const body = r.body as { module_code: string; data: Record<string, unknown> };
        stored = body.data;
        return { status: 200, data: { ...body, updated_at: '2026-01-01T00:00:00Z' } };
      },
      'DELETE /buffer_temporaries': () => {
        stored = null;
        return { status: 204 };
      },
    },
  };
}

/** Goes back from the form and opens it again (same session, same query cache). */
async function leaveAndReopen(user: Awaited<ReturnType<typeof renderApp>>['user']): Promise<void> {
  await user.click(screen.getByRole('button', { name: app.toolbar.back }));
  await waitFor(() => expect(screen.queryByTestId('application-page')).toBeNull());
  await user.click(await screen.findByRole('button', { name: debt.title }));
  await screen.findByRole('textbox', { name: debt.customer_name.label });
}

describe('application page: drafts', () => {
  it('restores the draft of the module when the form opens', async () => {
    await openDebt({
      'GET /buffer_temporaries': { status: 200, data: { module_code: 'collection-debt', data: { customer_name: 'Draft Co', situation: 'Calling weekly', currency_id: 2 }, updated_at: '2026-01-01T00:00:00Z' } },
    });
    await waitFor(() => expect(customer().value).toBe('Draft Co'));
    expect((screen.getByRole('textbox', { name: debt.situation.label }) as HTMLInputElement).value).toBe('Calling weekly');
    // The currency's label resolves once the currency list has arrived.
    await waitFor(() => expect(screen.getByRole('button', { name: debt.currency_id.label }).textContent).toContain('JPY'));
  }, TIMEOUT);

  it('says a draft was restored, and Start blank deletes it and empties the form (Keep only dismisses)', async () => {
    const view = await openDebt({
      'GET /buffer_temporaries': { status: 200, data: { module_code: 'collection-debt', data: { customer_name: 'Draft Co' }, updated_at: '2026-01-01T00:00:00Z' } },
    });
    await waitFor(() => expect(customer().value).toBe('Draft Co'));
    const bar = screen.getByTestId('draft-restored');
    expect(bar.textContent).toContain(app.application.draftRestored);
    await view.user.click(within(bar).getByRole('button', { name: app.application.draftUndo }));
    await waitFor(() => expect(customer().value).toBe(''));
    expect(screen.queryByTestId('draft-restored')).toBeNull();
    await waitFor(() => expect(view.calls('DELETE /buffer_temporaries')).toHaveLength(1));
  }, TIMEOUT);

  it('opens a form without a draft with no "restored" notice', async () => {
    await openDebt();
    expect(screen.queryByTestId('draft-restored')).toBeNull();
  }, TIMEOUT);

  it('saves the draft when the form page is left without submitting', async () => {
    const view = await openDebt();
    await view.user.type(customer(), 'Left Co');
    await view.user.click(screen.getByRole('button', { name: app.toolbar.back }));
    await waitFor(() => expect(screen.queryByTestId('application-page')).toBeNull());
    await waitFor(() => expect(view.calls('POST /buffer_temporaries').length).toBeGreaterThan(0));
    const saved = view.calls('POST /buffer_temporaries').at(-1)!.body as { module_code: string; data: Record<string, unknown> };
    expect(saved.module_code).toBe('collection-debt');
    expect(saved.data.customer_name).toBe('Left Co');
  }, TIMEOUT);

  it('a form left and opened again in the same session shows the draft it saved', async () => {
    const server = draftServer();
    const view = await openDebt(server.routes);
    await view.user.type(customer(), 'Saved Co');
    // The save after the pause has reached the server.
    await waitFor(() => expect(server.stored()?.customer_name).toBe('Saved Co'));
    await leaveAndReopen(view.user);
    await waitFor(() => expect(customer().value).toBe('Saved Co'));
  }, TIMEOUT);

  it('a form opened again while the save sent on leaving is still on the way shows that draft, not the server\'s older one', async () => {
    const server = draftServer();
    const view = await openDebt(server.routes);
    server.holdSaves();
    await view.user.type(customer(), 'Left Co');
    await leaveAndReopen(view.user);
    expect(server.stored()).toBeNull();
    await waitFor(() => expect(customer().value).toBe('Left Co'));
    server.release();
    await waitFor(() => expect(server.stored()?.customer_name).toBe('Left Co'));
  }, TIMEOUT);

  it('a draft deleted by a confirmed reset stays gone when the form is opened again in the session', DIALOG, async () => {
    const server = draftServer({ customer_name: 'Draft Co' });
    const view = await openDebt(server.routes);
    await waitFor(() => expect(customer().value).toBe('Draft Co'));
    const dialog = await openResetDialog(view.user);
    await view.user.click(within(dialog).getByRole('button', { name: app.common.ok }));
    await waitFor(() => expect(customer().value).toBe(''));
    await waitFor(() => expect(server.stored()).toBeNull());
    await leaveAndReopen(view.user);
    await waitFor(() => expect(customer().value).toBe(''));
  });

  it('a save the server refuses is silent, and the next opening reads the server\'s draft again', async () => {
    const server = draftServer({ customer_name: 'Server Co' });
    const view = await openDebt(server.routes);
    await waitFor(() => expect(customer().value).toBe('Server Co'));
    server.refuseSaves();
    await view.user.clear(customer());
    await view.user.type(customer(), 'Lost Co');
    await waitFor(() => expect(view.calls('POST /buffer_temporaries').some((c) => (c.body as { data: { customer_name?: string } }).data.customer_name === 'Lost Co')).toBe(true));
    const reads = view.calls('GET /buffer_temporaries').length;
    await leaveAndReopen(view.user);
    await waitFor(() => expect(customer().value).toBe('Server Co'));
    expect(view.calls('GET /buffer_temporaries').length).toBeGreaterThan(reads);
    expect(screen.queryByText('Unavailable')).toBeNull();
  }, TIMEOUT);

  it('a cancelled reset changes nothing: the form keeps its data and the draft stays', DIALOG, async () => {
    const view = await openDebt({
      'GET /buffer_temporaries': { status: 200, data: { module_code: 'collection-debt', data: { customer_name: 'Draft Co' }, updated_at: '2026-01-01T00:00:00Z' } },
    });
    await waitFor(() => expect(customer().value).toBe('Draft Co'));
    const dialog = await openResetDialog(view.user);
    expect(dialog.textContent).toContain(en.renderer.resetConfirm);
    await view.user.click(within(dialog).getByRole('button', { name: app.common.cancel }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // The modal's aria-hidden on the page behind it is lifted asynchronously (tabster), as in browsers.
    await waitFor(() => expect(customer().value).toBe('Draft Co'));
    expect(view.calls('DELETE /buffer_temporaries')).toHaveLength(0);
  });

  it('a confirmed reset clears the form and deletes the draft', DIALOG, async () => {
    const view = await openDebt({
      'GET /buffer_temporaries': { status: 200, data: { module_code: 'collection-debt', data: { customer_name: 'Draft Co' }, updated_at: '2026-01-01T00:00:00Z' } },
    });
    await waitFor(() => expect(customer().value).toBe('Draft Co'));
    const dialog = await openResetDialog(view.user);
    expect(dialog.textContent).toContain(en.renderer.resetConfirm);
    await view.user.click(within(dialog).getByRole('button', { name: app.common.ok }));
    await waitFor(() => expect(customer().value).toBe(''));
    await waitFor(() => expect(view.calls('DELETE /buffer_temporaries')).toHaveLength(1));
    expect(view.calls('DELETE /buffer_temporaries')[0].params).toEqual({ module_code: 'collection-debt' });
  });
});

describe('application page: a disabled module', () => {
  it('says the module takes no new documents (titled) instead of "could not be loaded" when the server answers 409', async () => {
    const view = await renderApp({ token: 't', language: 'en', routes: await debtRoutes({
      'GET /buffer_temporaries': { status: 409, data: { message: 'Module collection-debt is disabled', code: 'CONFLICT' } },
    }) });
    await openDebtLauncher(view.user);
    const bar = await screen.findByTestId('module-disabled');
    expect(bar.textContent).toBe(app.application.moduleDisabled.replace('{{title}}', debt.title));
    expect(screen.queryByText(app.application.loadFailed)).toBeNull();
  }, TIMEOUT);
});

describe('application page: submit and View data', () => {
  it('a successful submit alerts the code, deletes the draft, goes back, and View data lists the new document from page 1', DIALOG, async () => {
    const view = await openDebt({
      'POST /buffer/collection-debt': { status: 201, data: { id: 41, code: 'CDB-2026-000041', status: 0 } },
      'GET /my-buffers': (r) => {
        const filed = view.calls('POST /buffer/collection-debt').length > 0;
        const page = (r.params as { page: number }).page;
        return { status: 200, data: { 'hydra:member': filed && page === 1 ? [doc(41)] : [] } };
      },
    });
    const { user } = view;
    await user.click(screen.getByRole('tab', { name: app.application.tabs.data }));
    expect(await screen.findByText(app.application.empty)).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: app.application.tabs.submit }));

    await user.type(customer(), 'ACME');
    await user.type(screen.getByRole('textbox', { name: debt.amount.label }), '1200');
    await user.type(screen.getByRole('textbox', { name: debt.payment_date.label }), '2026/12/24');
    // Typing slower than the draft debounce (a loaded machine) saves drafts on the way: those are
    // fine. What must not happen is a save after the submit.
    const draftsBeforeSubmit = view.calls('POST /buffer_temporaries').length;
    await user.click(screen.getByRole('button', { name: en.renderer.submit }));
    const alert = await screen.findByRole('alertdialog');
    expect(within(alert).getByRole('heading').textContent).toBe('CDB-2026-000041');
    expect(alert.textContent).toContain(en.renderer.submitted);
    const posted = view.calls('POST /buffer/collection-debt');
    expect(posted).toHaveLength(1);
    expect(posted[0].headers['Idempotency-Key']).toMatch(/^[\w-]{8,}$/);
    expect(posted[0].body).toMatchObject({ customer_name: 'ACME', amount: 1200, payment_date: '2026-12-24', currency_id: 1 });
    // A person reads the alert for a while: the draft save the last keystroke scheduled must not
    // fire meanwhile (it would bring the filed data back as the next open's draft).
    await new Promise((resolve) => setTimeout(resolve, DRAFT_DEBOUNCE_MS + 300));
    expect(view.calls('POST /buffer_temporaries')).toHaveLength(draftsBeforeSubmit);
    await user.click(within(alert).getByRole('button', { name: app.common.ok }));

    // Spec 000 §4: after the alert the page goes back; the draft is gone.
    await waitFor(() => expect(screen.queryByTestId('application-page')).toBeNull());
    await waitFor(() => expect(view.calls('DELETE /buffer_temporaries').length).toBeGreaterThan(0));
    expect(view.calls('POST /buffer_temporaries')).toHaveLength(draftsBeforeSubmit);
    await user.click(await screen.findByRole('button', { name: debt.title }));
    await waitFor(() => expect(customer().value).toBe(''));
    await user.click(screen.getByRole('tab', { name: app.application.tabs.data }));
    expect(await screen.findByRole('button', { name: /CDB-2026-000041/ })).toBeTruthy();
    const pages = view.calls('GET /my-buffers').map((c) => c.params as Record<string, unknown>);
    expect(pages.at(-1)).toMatchObject({ 'module.code': 'collection-debt', 'sort[createdAt]': 'desc', itemsPerPage: 5 });
  });

  it('a retried submit after a lost answer reuses its Idempotency-Key', DIALOG, async () => {
    let attempt = 0;
    const view = await openDebt({
      'POST /buffer/collection-debt': () => (++attempt === 1 ? { status: 503, data: { message: 'Unavailable', code: 'INTERNAL' } } : { status: 201, data: { id: 5, code: 'CDB-2026-000005', status: 0 } }),
    });
    const { user } = view;
    await user.type(customer(), 'ACME');
    await user.type(screen.getByRole('textbox', { name: debt.amount.label }), '10');
    await user.type(screen.getByRole('textbox', { name: debt.payment_date.label }), '2026/12/24');
    await user.click(screen.getByRole('button', { name: en.renderer.submit }));
    expect(await screen.findByText('Unavailable')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: en.renderer.submit }).hasAttribute('disabled')).toBe(false));
    await user.click(screen.getByRole('button', { name: en.renderer.submit }));
    const alert = await screen.findByRole('alertdialog');
    expect(within(alert).getByRole('heading').textContent).toBe('CDB-2026-000005');
    const keys = view.calls('POST /buffer/collection-debt').map((c) => c.headers['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('View data loads five at a time, advances after a non-empty page and stops on an empty one', async () => {
    const pages: Record<number, ReturnType<typeof doc>[]> = { 1: [1, 2, 3, 4, 5].map((n) => doc(n)), 2: [6, 7].map((n) => doc(n)), 3: [] };
    const view = await openDebt({ 'GET /my-buffers': (r) => ({ status: 200, data: { 'hydra:member': pages[(r.params as { page: number }).page] ?? [doc(99)] } }) });
    const { user } = view;
    await user.click(screen.getByRole('tab', { name: app.application.tabs.data }));
    expect(await screen.findByRole('button', { name: /CDB-2026-000005/ })).toBeTruthy();
    expect(screen.getAllByText('Hanako Yamada')).toHaveLength(5);
    await user.click(screen.getByRole('button', { name: app.application.loadMore }));
    expect(await screen.findByRole('button', { name: /CDB-2026-000007/ })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: app.application.loadMore }));
    expect(await screen.findByText(app.application.end)).toBeTruthy();
    expect(screen.queryByRole('button', { name: app.application.loadMore })).toBeNull();
    expect(within(screen.getByTestId('view-data')).getAllByRole('listitem')).toHaveLength(7);
    expect(view.calls('GET /my-buffers').map((c) => (c.params as { page: number }).page)).toEqual([1, 2, 3]);
  }, TIMEOUT);

  it('View data searches (at most 20 characters, after a pause) and sorts, each time from page 1', async () => {
    const view = await openDebt();
    const { user } = view;
    await user.click(screen.getByRole('tab', { name: app.application.tabs.data }));
    const search = await screen.findByRole('searchbox', { name: app.application.search });
    expect(search.getAttribute('maxlength')).toBe('20');
    await user.type(search, 'CDB-2026-000001 and more text');
    await waitFor(() => expect(view.calls('GET /my-buffers').some((c) => (c.params as { search?: string }).search === 'CDB-2026-000001 and')).toBe(true));
    const searched = view.calls('GET /my-buffers').filter((c) => (c.params as { search?: string }).search !== undefined);
    // One request after the pause, not one per keystroke.
    expect(searched).toHaveLength(1);
    expect(searched[0].params).toMatchObject({ page: 1, 'sort[createdAt]': 'desc' });
    await user.selectOptions(screen.getByRole('combobox', { name: app.application.sortBy }), 'code');
    await user.selectOptions(screen.getByRole('combobox', { name: app.application.order }), 'asc');
    await waitFor(() => expect(view.calls('GET /my-buffers').at(-1)!.params).toMatchObject({ page: 1, 'sort[code]': 'asc', search: 'CDB-2026-000001 and' }));
  }, TIMEOUT);
});
