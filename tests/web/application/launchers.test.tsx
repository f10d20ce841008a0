import { describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import type { CompiledModule } from '../../../src/engine';
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

/** An `app.*` key's English text. */
function appText(key: string): string {
  return key.replace(/^app\./, '').split('.').reduce<unknown>((node, k) => (node as Record<string, unknown> | undefined)?.[k], app) as string;
}

async function launcherNames(): Promise<string[]> {
  const nav = await screen.findByRole('navigation', { name: app.launchers.title });
  await waitFor(() => expect(within(nav).getAllByRole('button').length).toBeGreaterThan(3));
  return within(nav).getAllByRole('button').map((b) => b.textContent ?? '');
}

describe('Home launchers', () => {
  it('one per module definition with a launcher, in launcher order, plus one per launcher group at the group\'s order; a module added on the server appears', async () => {
    const modules = await definitions();
    const listed = [...Object.values(modules).filter((m) => m.kind === 'module'), await addedModule()];
    // A module without a launcher is not offered.
    listed.push({ ...modules['collection-debt'], code: 'hidden', meta: { ...modules['collection-debt'].meta, launcher: undefined } } as CompiledModule);
    await renderApp({ token: 't', language: 'en', routes: await debtRoutes({ 'GET /module-definitions': { status: 200, data: { 'hydra:member': listed } } }) });
    // Derived from the definitions served, never a list spelled here: launcher order, then code,
    // labelled by launcher.label or else the title; a group-only module is not on Home; a launcher
    // group (the collection index) adds one entry at the group's order.
    const enText = (m: CompiledModule, key: string) => key.slice(m.code.length + 1).split('.').reduce<unknown>((node, k) => (node as Record<string, unknown>)[k], m.translations.en) as string;
    const expected = listed
      .filter((m) => m.kind === 'module' && m.meta.launcher && !m.meta.launcher.groupOnly)
      .map((m) => ({ order: m.meta.launcher!.order, key: m.code, label: enText(m, m.meta.launcher!.label ?? m.meta.title) }));
    const groups = new Map(listed.flatMap((m) => (m.meta.launcher?.group ? [[m.meta.launcher.group.key, m.meta.launcher.group] as const] : [])));
    expect(groups.size).toBeGreaterThan(0);
    for (const group of groups.values()) expected.push({ order: group.order, key: group.key, label: appText(group.title) });
    expected.sort((a, b) => a.order - b.order || a.key.localeCompare(b.key));
    const names = await launcherNames();
    expect(names).toEqual(expected.map((e) => e.label));
    expect(names).toContain('Business trip');
    // The served definitions do use both facts (else this test would not see them work).
    expect(listed.some((m) => m.meta.launcher?.label)).toBe(true);
    const groupOnly = listed.filter((m) => m.meta.launcher?.groupOnly);
    expect(groupOnly.length).toBeGreaterThan(0);
    for (const m of groupOnly) expect(names).not.toContain(enText(m, m.meta.title));
  }, TIMEOUT);

  it('Stamp Statistics only for authorizer, legal or treasury users', async () => {
    for (const [flags, shown] of [[{}, false], [{ is_finance: true }, false], [{ is_legal: true }, true], [{ is_treasury: true }, true], [{ is_authorizer: true }, true]] as const) {
      const view = await renderApp({ token: 't', language: 'en', routes: await debtRoutes({}, flags) });
      const names = await launcherNames();
      expect(names.includes(app.launchers.stampStatistics)).toBe(shown);
      view.unmount();
    }
  }, TIMEOUT);

  it('a launcher group\'s page offers its modules in groupOrder, each opening the application page of its module', async () => {
    const modules = await definitions();
    const grouped = Object.values(modules).filter((m) => m.kind === 'module' && m.meta.launcher?.group);
    expect(grouped.length).toBeGreaterThan(1);
    const group = grouped[0].meta.launcher!.group!;
    const members = grouped.filter((m) => m.meta.launcher!.group!.key === group.key)
      .sort((a, b) => (a.meta.launcher!.groupOrder ?? a.meta.launcher!.order) - (b.meta.launcher!.groupOrder ?? b.meta.launcher!.order) || a.code.localeCompare(b.code));
    const first = members[0].code;
    const view = await renderApp({ token: 't', language: 'en', routes: await debtRoutes({}) });
    const nav = await screen.findByRole('navigation', { name: app.launchers.title });
    await view.user.click(await within(nav).findByRole('button', { name: appText(group.title) }));
    const index = await screen.findByTestId(`${group.key}-index`);
    if (group.intro) expect(index.textContent).toContain(appText(group.intro));
    const choices = within(index).getAllByRole('button').map((b) => b.textContent);
    const en = (code: string) => (modules[code].translations.en as { title: string }).title;
    expect(choices).toEqual(members.map((m) => en(m.code)));
    await view.user.click(within(index).getByRole('button', { name: en(first) }));
    const page = await screen.findByTestId('application-page');
    expect(page.getAttribute('data-module')).toBe(first);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(en(first));
    // Home's module list gave the definition to the cache: the form shows without asking for it.
    await waitFor(() => expect(page.querySelector('form')).not.toBeNull());
    expect(view.calls('GET /module-definitions').length).toBeGreaterThan(0);
    expect(view.calls(`GET /module-definitions/${first}`)).toHaveLength(0);
  }, TIMEOUT);
});
