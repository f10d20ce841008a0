/**
 * Admin → Webhooks (issue #35 item 6) over a fake network: the empty state, Add with the client's
 * own checks (nothing sent), the events offered being the engine's table, the server's 422 shown
 * at the URL, the secret shown once after Add and after Rotate (behind a confirmation), the
 * endpoint listed with its events, and its delivery log with each attempt's outcome and Resend.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { WEBHOOK_EVENTS } from '../../../../src/engine/webhooks/webhook-events';
import enApp from '../../../../locales/en/app.json';
import { renderApp, signedIn, type SentRequest } from '../harness';

const label = (key: string) => key.split('.').slice(1).reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], enApp) as string;
const URL_OK = 'https://erp.example.com/hooks/ringi';

describe('Webhooks screen', () => {
  it('adds an endpoint with events, shows its secret once, rotates it, and shows its deliveries with Resend', async () => {
    let stored: unknown[] = [];
    let posts = 0;
    const endpoint = (events: string[], until: string | null = null) => ({
      id: 5, company_id: 1, company: { id: 1, name: 'Ringi Japan' }, url: URL_OK, events, description: 'ERP', disabled_at: null, disabled_reason: null,
      previous_secret_expires_at: until, created_at: '2026-12-02T01:00:00Z',
    });
    const delivery = (id: number, attempt: number, status: number, outcome: string) => ({
      id, message_id: 77, event_id: 'msg_0123456789abcdef0123456789abcdef', type: 'document.submitted', attempt, url: URL_OK,
      request_headers: {}, request_body: '{}', response_status: status, response_body: status === 200 ? 'ok' : 'busy', error: null,
      latency_ms: 42, outcome, message_status: 'delivered', created_at: '2026-12-02T01:00:00Z',
    });
    const app = await renderApp({
      token: 'token', path: '/', language: 'en',
      routes: {
        ...signedIn({ is_authorizer: true, is_ringi_group_member: true }),
        'GET /approvals/my': { status: 200, data: { 'hydra:member': [], 'hydra:totalItems': 0 } },
        'GET /companies': { status: 200, data: { 'hydra:member': [{ id: 1, name: 'Ringi Japan' }, { id: 2, name: 'Ringi Trading' }], 'hydra:totalItems': 2 } },
        'GET /webhooks': (request: SentRequest) => {
          expect(request.params).toEqual({ company_id: 1 });
          return { status: 200, data: { 'hydra:member': stored, 'hydra:totalItems': stored.length } };
        },
        'POST /webhooks': (request: SentRequest) => {
          posts += 1;
          const body = request.body as { url: string; events: string[] };
          if (posts === 1) return { status: 422, data: { code: 'VALIDATION_FAILED', message: 'The URL leads to 127.0.0.1, a loopback address.', violations: [{ propertyPath: 'url', message: 'The URL leads to 127.0.0.1, a loopback address.' }] } };
          stored = [endpoint(body.events)];
          return { status: 201, data: { id: 5, secret: 'whsec_Zmlyc3Qtc2VjcmV0LWZpcnN0LXNlY3JldC1maXJzdA==' } };
        },
        'POST /webhooks/5/rotate_secret': () => {
          stored = [endpoint(['document.submitted', 'step.decided'], '2026-12-03T01:00:00Z')];
          return { status: 200, data: { id: 5, secret: 'whsec_bmV3LXNlY3JldC1uZXctc2VjcmV0LW5ldy1zZWNyZXQ=', previous_secret_expires_at: '2026-12-03T01:00:00Z' } };
        },
        'GET /webhooks/5/deliveries': { status: 200, data: { 'hydra:member': [delivery(9, 2, 200, 'delivered'), delivery(8, 1, 500, 'retry')], 'hydra:totalItems': 2 } },
        'POST /webhooks/deliveries/8/resend': { status: 202, data: { message_id: 77, status: 'pending' } },
      },
    });
    await app.user.click(await screen.findByRole('tab', { name: 'Admin' }));
    await app.user.click(await screen.findByRole('button', { name: /^Webhooks/ }));
    const page = () => screen.getByTestId('webhooks-page');
    expect((await within(await screen.findByTestId('webhooks-page')).findByTestId('webhooks-empty')).textContent).toBe('No webhook endpoints for this company yet.');
    // A group admin chooses the company.
    expect(within(page()).getByRole('combobox', { name: 'Company' })).toBeTruthy();

    // Add: the client's own checks first — nothing is sent.
    await app.user.click(within(page()).getByTestId('webhook-add'));
    const form = () => within(page()).getByRole('form', { name: 'Add an endpoint' });
    await app.user.click(within(form()).getByRole('button', { name: 'Add' }));
    expect(await within(form()).findByText('Enter the endpoint URL.')).toBeTruthy();
    expect(within(form()).getByText('Choose at least one event.')).toBeTruthy();
    expect(app.calls('POST /webhooks')).toHaveLength(0);
    // The events offered are the engine's table, each with its label.
    const boxes = within(within(form()).getByRole('group', { name: 'Events' })).getAllByRole('checkbox');
    expect(boxes.map((b) => b.closest('.fui-Checkbox')?.textContent)).toEqual(WEBHOOK_EVENTS.map((e) => label(e.labelKey)));

    // The server refuses the address (422): its message shows at the URL.
    await app.user.type(within(form()).getByPlaceholderText('https://'), 'https://127.0.0.1/x');
    await app.user.click(within(form()).getByRole('checkbox', { name: 'Document submitted' }));
    await app.user.click(within(form()).getByRole('checkbox', { name: 'Step decided (approved, rejected, sent back)' }));
    await app.user.click(within(form()).getByRole('button', { name: 'Add' }));
    expect(await within(form()).findByText('The URL leads to 127.0.0.1, a loopback address.')).toBeTruthy();

    // Saved: the secret is shown once, the endpoint listed with its events.
    await app.user.clear(within(form()).getByPlaceholderText('https://'));
    await app.user.type(within(form()).getByPlaceholderText('https://'), URL_OK);
    await app.user.type(within(form()).getByRole('textbox', { name: 'Description' }), 'ERP');
    await app.user.click(within(form()).getByRole('button', { name: 'Add' }));
    const secret = await within(page()).findByTestId('webhook-secret');
    expect((within(secret).getByRole('textbox', { name: 'Signing secret' }) as HTMLInputElement).value).toBe('whsec_Zmlyc3Qtc2VjcmV0LWZpcnN0LXNlY3JldC1maXJzdA==');
    expect(secret.textContent).toContain('it is not shown again');
    expect(app.calls('POST /webhooks')[1].body).toEqual({ company_id: 1, url: URL_OK, events: ['document.submitted', 'step.decided'], description: 'ERP' });
    const row = await within(page()).findByTestId('webhook-row');
    expect(row.textContent).toContain(URL_OK);
    expect(row.textContent).toContain('Active');
    expect(row.textContent).toContain('Document submitted, Step decided (approved, rejected, sent back)');
    await app.user.click(within(secret).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(within(page()).queryByTestId('webhook-secret')).toBeNull());

    // Rotate asks first; the new secret is shown once, and the old one's end is said.
    await app.user.click(within(row).getByRole('button', { name: `Rotate the secret of ${URL_OK}` }));
    const dialog = await screen.findByRole('alertdialog');
    await app.user.click(within(dialog).getByRole('button', { name: 'OK' }));
    const rotated = await within(page()).findByTestId('webhook-secret');
    expect((within(rotated).getByRole('textbox', { name: 'Signing secret' }) as HTMLInputElement).value).toBe('whsec_bmV3LXNlY3JldC1uZXctc2VjcmV0LW5ldy1zZWNyZXQ=');
    expect(rotated.textContent).toContain('The previous secret also signs until');

    // The delivery log: each attempt with its outcome; Resend queues one more.
    await app.user.click(within(await within(page()).findByTestId('webhook-row')).getByRole('button', { name: `Deliveries to ${URL_OK}` }));
    const log = await screen.findByTestId('webhook-deliveries');
    const rows = await within(log).findAllByTestId('delivery-row');
    expect(rows.map((r) => within(r).getByText(/^(Delivered|Will retry)$/).textContent)).toEqual(['Delivered', 'Will retry']);
    expect(rows[1].textContent).toContain('Attempt 1 · HTTP 500 · 42 ms');
    expect(rows[1].textContent).toContain('busy');
    await app.user.click(within(rows[1]).getByRole('button', { name: 'Resend document.submitted (attempt 1)' }));
    await waitFor(() => expect(app.calls('POST /webhooks/deliveries/8/resend')).toHaveLength(1));
    expect(await screen.findByText('Queued to be sent again.')).toBeTruthy();
  }, 90_000); // the whole app over a fake network: slow on a loaded machine, not a timing assertion
});
