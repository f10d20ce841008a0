import { describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../app/harness';
import { texts } from '../app/locale';
import debt from '../../../locales/en/collection-debt.json';
import { debtRoutes, openDebtLauncher, submitDebt } from './application-harness';

const app = texts.en;
// Opening the app and typing a whole form: 33 s alone at load 15, over 40 s beside a server run at load 20.
const TIMEOUT = 90_000;
configure({ asyncUtilTimeout: 15_000 });

const post = (department_id: number, department_name: string, company_name: string, main: boolean, positions: string[] = []) => ({
  department_id, department_name, company_id: department_id * 10, company_name, positions, main,
});
const posts = (...member: ReturnType<typeof post>[]) => ({ status: 200, data: { 'hydra:member': member, 'hydra:totalItems': member.length } });
const fileAs = () => screen.getByRole('combobox', { name: app.application.fileAs.label }) as HTMLSelectElement;
const label = (p: ReturnType<typeof post>) => {
  const where = app.application.fileAs.post.replace('{{company}}', p.company_name).replace('{{department}}', p.department_name);
  return p.positions.length ? app.application.fileAs.withPositions.replace('{{post}}', where).replace('{{positions}}', p.positions.join(app.application.fileAs.separator)) : where;
};

describe('application page: File as (兼務)', () => {
  it('offers a user with two posts the choice (main first, chosen), asks the chosen post\'s route and files with filed_as_department_id', async () => {
    const main = post(3, 'Trading', 'Ringi Trading', true);
    const other = post(5, 'Management', 'Ringi Holdings', false, ['Division director']);
    const view = await renderApp({
      token: 't', language: 'en',
      routes: await debtRoutes({
        'GET /posts/mine': posts(main, other),
        'POST /master_processes/resolve': { status: 200, data: { steps: [] } },
        'POST /buffer/collection-debt': { status: 201, data: { id: 41, code: 'CDB-2026-000041', status: 0 } },
      }),
    });
    await openDebtLauncher(view.user);
    await waitFor(() => expect(screen.getByTestId('file-as')).toBeTruthy());
    expect(within(fileAs()).getAllByRole('option').map((o) => o.textContent)).toEqual([
      app.application.fileAs.main.replace('{{post}}', label(main)), label(other),
    ]);
    expect(fileAs().value).toBe('3');
    // The route preview asks for the main post until another is chosen.
    await waitFor(() => expect(view.calls('POST /master_processes/resolve').some((c) => (c.body as { filed_as_department_id?: number }).filed_as_department_id === 3)).toBe(true));

    await view.user.selectOptions(fileAs(), label(other));
    expect(fileAs().value).toBe('5');
    await waitFor(() => expect(view.calls('POST /master_processes/resolve').some((c) => (c.body as { filed_as_department_id?: number }).filed_as_department_id === 5)).toBe(true));

    await view.user.type(screen.getByRole('textbox', { name: debt.customer_name.label }), 'ACME');
    await submitDebt(view.user);
    const posted = view.calls('POST /buffer/collection-debt');
    expect(posted).toHaveLength(1);
    expect(posted[0].body).toMatchObject({ customer_name: 'ACME', filed_as_department_id: 5 });
  }, TIMEOUT);

  it('shows no choice to a user with one post, and files without filed_as_department_id', async () => {
    const view = await renderApp({
      token: 't', language: 'en',
      routes: await debtRoutes({
        'GET /posts/mine': posts(post(3, 'Sales', 'Ringi Holdings', true)),
        'POST /master_processes/resolve': { status: 200, data: { steps: [] } },
        'POST /buffer/collection-debt': { status: 201, data: { id: 42, code: 'CDB-2026-000042', status: 0 } },
      }),
    });
    await openDebtLauncher(view.user);
    await screen.findByRole('textbox', { name: debt.customer_name.label });
    await waitFor(() => expect(view.calls('GET /posts/mine').length).toBeGreaterThan(0));
    await waitFor(() => expect(view.calls('POST /master_processes/resolve').length).toBeGreaterThan(0));
    expect(screen.queryByTestId('file-as')).toBeNull();
    expect(view.calls('POST /master_processes/resolve').every((c) => !('filed_as_department_id' in (c.body as object)))).toBe(true);
    await view.user.type(screen.getByRole('textbox', { name: debt.customer_name.label }), 'ACME');
    await submitDebt(view.user);
    expect(view.calls('POST /buffer/collection-debt')[0].body).not.toHaveProperty('filed_as_department_id');
  }, TIMEOUT);
});
