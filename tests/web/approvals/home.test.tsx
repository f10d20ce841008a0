import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { LIST_KINDS, type ListKind } from '../../../src/app/pages/approvals/types';
import { HOME_STAGES } from '../../../src/app/pages/home/HomePage';
import { renderApp, signedIn, type SentRequest } from '../app/harness';
import { APPROVAL_LIST_COUNT_CAP } from '../../../src/wire/list-query';
import { approvalItem, bufferItem, collection } from './fixtures';

const en = (await import('../../../locales/en/app.json')).default;

/** What each list's first page holds: a document code per kind (forwarded empty by default). */
interface World {
  count: number;
  failing?: ListKind;
  lists: Record<ListKind, number[]>;
}

/** The mocked lists: pending and done on /approvals/my (done with isDone), initiated on /my-buffers, forwarded on /buffer/forwarded. */
function homeRoutes(world: World) {
  const page = (kind: ListKind, request: SentRequest, member: (id: number) => unknown) => {
    if (world.failing === kind) return { status: 500, data: { message: 'down' } };
    const params = request.params as { page: number };
    return { status: 200, data: collection(params.page === 1 ? world.lists[kind].map(member) : []) };
  };
  return {
    ...signedIn(),
    'GET /module-definitions': { status: 200, data: collection([]) },
    'GET /buffer/circulated': { status: 200, data: collection([]) },
    'GET /approvals/my': (request: SentRequest) => {
      const params = request.params as Record<string, unknown>;
      if (params.itemsPerPage === 1) return { status: 200, data: collection([], world.count) };
      return params.isDone ? page('done', request, (id) => bufferItem(id, { status: 2 })) : page('pending', request, (id) => approvalItem(id * 10, id));
    },
    'GET /my-buffers': (request: SentRequest) => page('initiated', request, (id) => bufferItem(id)),
    'GET /buffer/forwarded': (request: SentRequest) => page('forwarded', request, (id) => bufferItem(id)),
  };
}

const code = (id: number) => bufferItem(id).code;
const world = (overrides: Partial<World> = {}): World => ({ count: 3, lists: { pending: [5, 6], done: [7], initiated: [8, 9, 10], forwarded: [] }, ...overrides });

/** Home once every stage is in (it is `aria-busy` until then). */
async function loadedHome(): Promise<HTMLElement> {
  const home = await screen.findByTestId('home');
  await waitFor(() => expect(home.getAttribute('aria-busy')).toBeNull());
  return home;
}

/** What Home holds at a commit: its stage, whether it says it is busy, and which parts are in. */
interface HomeSnapshot {
  stage: number;
  busy: boolean;
  greeting: boolean;
  shortcuts: boolean;
  tabs: boolean;
  launchers: boolean;
}

function snapshot(home: HTMLElement): HomeSnapshot {
  return {
    stage: Number(home.dataset.stage),
    busy: home.getAttribute('aria-busy') === 'true',
    greeting: home.querySelector('#ringi-home-greeting') !== null,
    shortcuts: home.querySelector('[data-shortcut="pending"]') !== null && home.querySelector('[data-shortcut="circulated"]') !== null,
    tabs: home.querySelector('[data-testid="home-tabs"]') !== null,
    launchers: home.querySelector('[data-testid="launchers"]') !== null,
  };
}

/** The codes the open tab panel lists, once loaded. */
async function panelCodes(home: HTMLElement, expected: number): Promise<string[]> {
  const panel = within(home).getByRole('tabpanel');
  await waitFor(() => expect(within(panel).queryAllByRole('listitem')).toHaveLength(expected));
  return within(panel).queryAllByRole('listitem').map((item) => item.querySelector('[data-code]')?.getAttribute('data-code') ?? item.textContent ?? '');
}

describe('Home', () => {
  it('mounts in stages (banner and greeting first, then the shortcuts, the lists, the launchers), busy until the last is in; every part ends up rendered and usable', async () => {
    // Each commit that changes Home's stage, as the DOM shows it (observed before the app starts).
    const seen: HomeSnapshot[] = [];
    const observer = new MutationObserver(() => {
      const home = document.querySelector<HTMLElement>('[data-testid="home"]');
      if (home && seen.at(-1)?.stage !== Number(home.dataset.stage)) seen.push(snapshot(home));
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-stage'] });
    const state = world();
    const app = await renderApp({ token: 'token', language: 'en', routes: homeRoutes(state) });
    const home = await loadedHome();
    observer.disconnect();

    expect(seen[0]).toEqual({ stage: 1, busy: true, greeting: true, shortcuts: false, tabs: false, launchers: false });
    expect(seen.map((s) => s.stage)).toEqual(Array.from({ length: HOME_STAGES }, (_, i) => i + 1));
    expect(seen.slice(0, -1).every((s) => s.busy)).toBe(true);
    expect(seen.at(-1)).toEqual({ stage: HOME_STAGES, busy: false, greeting: true, shortcuts: true, tabs: true, launchers: true });
    // A part once in stays in.
    for (const part of ['greeting', 'shortcuts', 'tabs', 'launchers'] as const) {
      const first = seen.findIndex((s) => s[part]);
      expect(seen.slice(first).every((s) => s[part])).toBe(true);
    }

    // Usable: the count on its shortcut, the open list's cards, another tab's list, "See all".
    await within(home).findByRole('button', { name: 'Pending (3 waiting)' });
    expect(await panelCodes(home, state.lists.pending.length)).toEqual(state.lists.pending.map(code));
    await app.user.click(within(home).getByRole('tab', { name: en.approvals.lists.initiated }));
    expect(await panelCodes(home, state.lists.initiated.length)).toEqual(state.lists.initiated.map(code));
    await app.user.click(within(home).getByRole('button', { name: en.approvals.seeAll }));
    await waitFor(() => expect(screen.getByTestId('page-title').textContent).toBe(en.approvals.lists.initiated));
  });

  it('shows the pending count on the Pending shortcut and refreshes it on return from a list page', async () => {
    const state = world();
    const app = await renderApp({ token: 'token', language: 'en', routes: homeRoutes(state) });
    const home = await loadedHome();
    const shortcut = await within(home).findByRole('button', { name: 'Pending (3 waiting)' });
    expect(within(shortcut).getByTestId('pending-badge').textContent).toBe('3');

    // A shortcut opens the full list page; coming back asks for the count again.
    await app.user.click(within(home).getByRole('button', { name: en.approvals.lists.done }));
    await waitFor(() => expect(screen.getByTestId('page-title').textContent).toBe(en.approvals.lists.done));
    await screen.findByTestId('approval-list-done');
    state.count = 2;
    await app.user.click(screen.getByRole('button', { name: en.toolbar.back }));
    await within(home).findByRole('button', { name: 'Pending (2 waiting)' });
    expect(app.calls('GET /approvals/my').filter((r) => (r.params as { itemsPerPage: number }).itemsPerPage === 1)).toHaveLength(2);
  });

  it('says "or more" when the server\'s count reached its cap, the badge showing 99+', async () => {
    await renderApp({ token: 'token', language: 'en', routes: homeRoutes(world({ count: APPROVAL_LIST_COUNT_CAP })) });
    const home = await loadedHome();
    const shortcut = await within(home).findByRole('button', { name: `Pending (${APPROVAL_LIST_COUNT_CAP} or more waiting)` });
    expect(within(shortcut).getByTestId('pending-badge').textContent).toBe('99+');
  });

  it('top tabs Pending, Done, Initiated, Forwarded: Pending open first; a tab shows its own list; "See all" opens that list\'s page', async () => {
    const state = world();
    const app = await renderApp({ token: 'token', language: 'en', routes: homeRoutes(state) });
    const home = await loadedHome();
    const tablist = within(home).getByRole('tablist', { name: en.home.lists });
    const tabs = within(tablist).getAllByRole('tab');
    // In the spec's order, each named by its list (Fluent repeats a label hidden, to reserve the bold width).
    expect(tabs).toEqual(LIST_KINDS.map((kind) => within(tablist).getByRole('tab', { name: en.approvals.lists[kind] })));
    expect(tabs.map((tab) => tab.getAttribute('aria-selected'))).toEqual(LIST_KINDS.map((kind) => String(kind === 'pending')));
    const panel = within(home).getByRole('tabpanel');
    expect(panel.getAttribute('aria-labelledby')).toBe(tabs[0].id);
    expect(tabs.every((tab) => tab.getAttribute('aria-controls') === panel.id)).toBe(true);

    for (const kind of LIST_KINDS) {
      await app.user.click(within(tablist).getByRole('tab', { name: en.approvals.lists[kind] }));
      const listed = await panelCodes(home, state.lists[kind].length);
      // Each tab lists its own documents: derived from what the mocked server holds for that list.
      for (const id of state.lists[kind]) expect(listed.join(' ')).toContain(code(id));
      expect(within(home).getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(within(tablist).getByRole('tab', { selected: true }).id);
    }

    await app.user.click(within(tablist).getByRole('tab', { name: en.approvals.lists.initiated }));
    await panelCodes(home, state.lists.initiated.length);
    await app.user.click(within(home).getByRole('button', { name: en.approvals.seeAll }));
    await waitFor(() => expect(screen.getByTestId('page-title').textContent).toBe(en.approvals.lists.initiated));
    // The full list page over Home (whose tab stays open beneath).
    await waitFor(() => expect(screen.getAllByTestId('approval-list-initiated')).toHaveLength(2));
  });

  it('keyboard: one tab stop; arrows move to and open the neighbouring tab (wrapping), Home and End the ends', async () => {
    const app = await renderApp({ token: 'token', language: 'en', routes: homeRoutes(world()) });
    const home = await loadedHome();
    const tablist = within(home).getByRole('tablist');
    const tab = (kind: ListKind) => within(tablist).getByRole('tab', { name: en.approvals.lists[kind] });
    const selected = () => within(tablist).getByRole('tab', { selected: true });
    // Only the open tab takes focus from the Tab key.
    expect(within(tablist).getAllByRole('tab').filter((t) => t.tabIndex === 0)).toEqual([tab('pending')]);

    tab('pending').focus();
    const expectOpen = (kind: ListKind) => {
      expect(selected()).toBe(tab(kind));
      expect(document.activeElement).toBe(tab(kind));
      expect(tab(kind).tabIndex).toBe(0);
    };
    await app.user.keyboard('{ArrowRight}');
    expectOpen('done');
    await app.user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expectOpen('pending');
    await app.user.keyboard('{ArrowLeft}');
    expectOpen(LIST_KINDS[LIST_KINDS.length - 1]);
    await app.user.keyboard('{Home}');
    expectOpen(LIST_KINDS[0]);
    await app.user.keyboard('{End}');
    expectOpen(LIST_KINDS[LIST_KINDS.length - 1]);
    await waitFor(() => expect(within(home).getByTestId(`approval-list-${LIST_KINDS[LIST_KINDS.length - 1]}`)).toBeTruthy());
  });

  it('an empty list says so; a list that fails to load says so and loads again on "Try again"', async () => {
    const state = world({ failing: 'done' });
    const app = await renderApp({ token: 'token', language: 'en', routes: homeRoutes(state) });
    const home = await loadedHome();
    const tablist = within(home).getByRole('tablist');

    await app.user.click(within(tablist).getByRole('tab', { name: en.approvals.lists.forwarded }));
    expect(state.lists.forwarded).toHaveLength(0);
    await within(home).findByText(en.approvals.empty);
    expect(within(home).queryByRole('button', { name: en.approvals.seeAll })).toBeNull();

    await app.user.click(within(tablist).getByRole('tab', { name: en.approvals.lists.done }));
    const alert = await within(home).findByRole('alert');
    expect(alert.textContent).toBe(en.approvals.loadFailed);
    expect(within(home).queryByText(en.approvals.empty)).toBeNull();
    state.failing = undefined;
    await app.user.click(within(home).getByRole('button', { name: en.approvals.retry }));
    await panelCodes(home, state.lists.done.length);
    expect(within(home).queryByRole('alert')).toBeNull();
  });
});
