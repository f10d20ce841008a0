import { describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import type { CompiledModule } from '../../../src/engine';
import { COLLECTION_LAUNCHER_ORDER } from '../../../src/app/pages/home/Launchers';
import { renderApp } from '../app/harness';
import { texts } from '../app/locale';
import { debtRoutes, definitions } from './application-harness';

const app = texts.en;
const TIMEOUT = 40_000;
// A busy machine running every project at once: waiting for the UI may take longer than the default.
configure({ asyncUtilTimeout: 15_000 });

/** A module the app bundle knows nothing about, as the server would serve it after adding its files. */
async function addedModule(): Promise<CompiledModule> {
  const base = (await definitions())['collection-debt'];
  return {
    ...base,
    code: 'business-trip',
    meta: { ...base.meta, title: 'business-trip.title', launcher: { order: 4.5 } },
    translations: { en: { title: 'Business trip' }, ja: { title: '出張' }, zh: { title: '出差' } },
  } as CompiledModule;
}

async function launcherNames(): Promise<string[]> {
  const nav = await screen.findByRole('navigation', { name: app.launchers.title });
  await waitFor(() => expect(within(nav).getAllByRole('button').length).toBeGreaterThan(3));
  return within(nav).getAllByRole('button').map((b) => b.textContent ?? '');
}

describe('Home launchers', () => {
  it('one per module definition with a launcher, in launcher order, the collection index third; a module added on the server appears', async () => {
    const modules = await definitions();
    const listed = [...Object.values(modules).filter((m) => m.kind === 'module'), await addedModule()];
    // A module without a launcher is not offered.
    listed.push({ ...modules['collection-debt'], code: 'hidden', meta: { ...modules['collection-debt'].meta, launcher: undefined } } as CompiledModule);
    await renderApp({ token: 't', language: 'en', routes: await debtRoutes({ 'GET /module-definitions': { status: 200, data: { 'hydra:member': listed } } }) });
    // Derived from the definitions served, never a list spelled here: launcher order, then code;
    // the collection index sits at its own order.
    const expected = listed
      .filter((m) => m.kind === 'module' && m.meta.launcher)
      .map((m) => ({ order: m.meta.launcher!.order, key: m.code, label: (m.translations.en as { title: string }).title }));
    expected.push({ order: COLLECTION_LAUNCHER_ORDER, key: 'collection', label: app.launchers.collection });
    expected.sort((a, b) => a.order - b.order || a.key.localeCompare(b.key));
    const names = await launcherNames();
    expect(names).toEqual(expected.map((e) => e.label));
    expect(names).toContain('Business trip');
  }, TIMEOUT);

  it('Stamp Statistics only for authorizer, legal or treasury users', async () => {
    for (const [flags, shown] of [[{}, false], [{ is_finance: true }, false], [{ is_legal: true }, true], [{ is_treasury: true }, true], [{ is_authorizer: true }, true]] as const) {
      const view = await renderApp({ token: 't', language: 'en', routes: await debtRoutes({}, flags) });
      const names = await launcherNames();
      expect(names.includes(app.launchers.stampStatistics)).toBe(shown);
      view.unmount();
    }
  }, TIMEOUT);

  it('the collection index offers sales registration, report and debt, each opening the application page of its module', async () => {
    const modules = await definitions();
    const view = await renderApp({
      token: 't', language: 'en',
      routes: await debtRoutes({ 'GET /module-definitions/collection-sales': { status: 200, data: modules['collection-sales'] } }),
    });
    const nav = await screen.findByRole('navigation', { name: app.launchers.title });
    await view.user.click(await within(nav).findByRole('button', { name: app.launchers.collection }));
    const index = await screen.findByTestId('collection-index');
    const choices = within(index).getAllByRole('button').map((b) => b.textContent);
    const en = (code: string) => (modules[code].translations.en as { title: string }).title;
    expect(choices).toEqual([en('collection-sales'), en('collection-report'), en('collection-debt')]);
    await view.user.click(within(index).getByRole('button', { name: en('collection-sales') }));
    const page = await screen.findByTestId('application-page');
    expect(page.getAttribute('data-module')).toBe('collection-sales');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(en('collection-sales'));
    await waitFor(() => expect(view.calls('GET /module-definitions/collection-sales')).toHaveLength(1));
  }, TIMEOUT);
});
