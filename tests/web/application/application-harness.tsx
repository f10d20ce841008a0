import { loadDefinitionFiles } from '../../../server/definitions/load-definition-files';
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { compileModules, type CompiledModule } from '../../../src/engine';
import { i18n } from '../../../src/app/i18n';
import engineTexts from '../../../locales/en/engine.json';
import debtTexts from '../../../locales/en/collection-debt.json';
import { profile, type Reply, type SentRequest } from '../app/harness';

type Route = Reply | ((request: SentRequest) => Reply | Promise<Reply>);

let compiled: Record<string, CompiledModule> | undefined;

/** The real module definitions on disk, compiled as the server serves them. */
export async function definitions(): Promise<Record<string, CompiledModule>> {
  if (!compiled) compiled = compileModules((await loadDefinitionFiles()).files).modules as Record<string, CompiledModule>;
  return compiled;
}

export const currencies = [{ id: 1, code: 'CNY', name: 'Chinese yuan', decimals: 2 }, { id: 2, code: 'JPY', name: 'Japanese yen', decimals: 0 }];

/** A document of `/my-buffers`. */
export function doc(id: number, code = `CDB-2026-${String(id).padStart(6, '0')}`) {
  return { id, code, status: 0, module: { code: 'collection-debt' }, requester: { id: 7, name: 'Hanako Yamada' }, data: { customer_name: `Customer ${id}`, amount: 100 * id, currency_id: 1 }, waiting_for: 'Manager approval' };
}

/**
 * Routes of a signed-in employee who can open the collection-debt form: its definition, one
 * optional step (so no approver is required), currencies, no saved approvers, and `extra` on top.
 */
export async function debtRoutes(extra: Record<string, Route> = {}, profileOverrides: Record<string, unknown> = {}): Promise<Record<string, Route>> {
  const modules = await definitions();
  const listed = Object.values(modules).filter((m) => m.kind === 'module');
  return {
    'GET /profile': { status: 200, data: profile(profileOverrides) },
    'GET /module-definitions': { status: 200, data: { 'hydra:member': listed, 'hydra:totalItems': listed.length } },
    'GET /module-definitions/collection-debt': { status: 200, data: modules['collection-debt'] },
    'GET /master_processes': { status: 200, data: { 'hydra:member': [{ id: 31, optional: true, position: 1, module_code: 'collection-debt', process: { id: 2, code: 'p-director', name: 'Director approval' } }] } },
    'GET /currencies': { status: 200, data: { 'hydra:member': currencies, 'hydra:totalItems': 2 } },
    'GET /saved_approvers': { status: 200, data: { 'hydra:member': [] } },
    'GET /my-default-process/collection-debt': { status: 200, data: { process: [], default_approvers: [] } },
    'GET /buffer_temporaries': { status: 204 },
    'POST /buffer_temporaries': (r) => ({ status: 200, data: { ...(r.body as object), updated_at: '2026-01-01T00:00:00Z' } }),
    'DELETE /buffer_temporaries': { status: 204 },
    'GET /approvals/my': { status: 200, data: { 'hydra:member': [], 'hydra:totalItems': 0 } },
    'GET /my-buffers': { status: 200, data: { 'hydra:member': [], 'hydra:totalItems': 0 } },
    ...extra,
  };
}

/** Taps the debt module's launcher on Home: through its group's page when it has a group (the collection index). */
export async function openDebtLauncher(user: UserEvent): Promise<void> {
  const debt = (await definitions())['collection-debt'];
  const group = debt.meta.launcher?.group;
  if (group) await user.click(await screen.findByRole('button', { name: i18n.t(group.title) }));
  await user.click(await screen.findByRole('button', { name: i18n.t(debt.meta.title) }));
}

/** Fills the debt form's amount (1200) and payment date, taps Submit and waits for the answer's dialog (English texts). */
export async function submitDebt(user: UserEvent): Promise<void> {
  await user.type(screen.getByRole('textbox', { name: debtTexts.amount.label }), '1200');
  await user.type(screen.getByRole('textbox', { name: debtTexts.payment_date.label }), '2026/12/24');
  await user.click(screen.getByRole('button', { name: engineTexts.renderer.submit }));
  await screen.findByRole('alertdialog');
}
