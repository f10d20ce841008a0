import { describe, expect, it, vi, afterEach } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PickerPage } from '../../../../src/renderer/widgets';
import type { PickerItem } from '../../../../src/renderer/widgets/picker/item-label';
import { createTestHost, hydra, Providers } from './widget-host';

const companies = Array.from({ length: 25 }, (_, i) => ({ id: i + 1, name: `Company ${String(i + 1).padStart(2, '0')}` }));

function searchable(rows: PickerItem[]) {
  return (_path: string, params?: Record<string, unknown>) => {
    const name = typeof params?.name === 'string' ? params.name : '';
    return hydra(rows.filter((r) => String(r.name).includes(name)), params);
  };
}

function renderPage(host: ReturnType<typeof createTestHost>, extra: Partial<Parameters<typeof PickerPage>[0]> = {}) {
  const close = vi.fn();
  render(
    <Providers host={host}>
      <PickerPage host={host} endpoint="/companies" label={(item) => String(item.name)} close={close} {...extra} />
    </Providers>,
  );
  return close;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('PickerPage', () => {
  it('loads the first page of 10 and advances one page per "load more" until an empty page', async () => {
    const host = createTestHost(searchable(companies));
    renderPage(host);
    expect(await screen.findByText('Company 10')).toBeTruthy();
    expect(screen.queryByText('Company 11')).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Company 20')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Company 25')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull());
    expect(host.calls.map((c) => c.params?.page)).toEqual([1, 2, 3, 4]);
    expect(host.calls.every((c) => c.params?.itemsPerPage === 10)).toBe(true);
    // the empty page did not clear what was already listed
    expect(screen.getByText('Company 01')).toBeTruthy();
  });

  it('sends back the nextCursor of the page before (keyset paging), so a row added between pages is neither repeated nor skipped', async () => {
    const rows = [...companies];
    // A keyset server: the cursor is the last id of the page (ids descending here, newest first).
    const byCursor = [...rows].sort((a, b) => b.id - a.id);
    const host = createTestHost((_path: string, params?: Record<string, unknown>) => {
      const size = Number(params?.itemsPerPage);
      const after = typeof params?.cursor === 'string' ? Number(params.cursor) : Infinity;
      const page = byCursor.filter((r) => r.id < after).slice(0, size);
      return { 'hydra:member': page, 'hydra:totalItems': byCursor.length, ...(page.length === size ? { nextCursor: String(page.at(-1)!.id) } : {}) };
    });
    renderPage(host);
    expect(await screen.findByText('Company 25')).toBeTruthy();
    // A newer row arrives before the second page: by offset, page 2 would repeat Company 16.
    byCursor.unshift({ id: 26, name: 'Company 26' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Company 06')).toBeTruthy();
    expect(host.calls.map((c) => c.params?.cursor)).toEqual([undefined, '16']);
    expect(screen.getAllByText('Company 16')).toHaveLength(1);
    expect(screen.queryByText('Company 26')).toBeNull();
  });

  it('searches only after an 800 ms pause and starts again from page 1', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const host = createTestHost(searchable(companies));
    renderPage(host);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    // typing is a change event here: user-event's own delays would wait on the fake clock
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: '2' } });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(799);
    });
    expect(host.calls.some((c) => c.params?.name !== undefined)).toBe(false);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(host.calls.at(-1)?.params).toMatchObject({ name: '2', page: 1 });
    // The query cache tells the page about the answer on its next tick.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByText('Company 20')).toBeTruthy();
    expect(screen.queryByText('Company 01')).toBeNull();
  });

  it('keeps the search to 20 characters', async () => {
    const host = createTestHost(searchable(companies));
    renderPage(host, { debounceMs: 0 });
    const box = screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement;
    await userEvent.setup().type(box, 'abcdefghijklmnopqrstuvwxyz');
    expect(box.value).toBe('abcdefghijklmnopqrst');
    await waitFor(() => expect(host.calls.at(-1)?.params?.name).toBe('abcdefghijklmnopqrst'));
  });

  it('shows the empty message when nothing matches', async () => {
    const host = createTestHost(() => hydra([]));
    renderPage(host);
    expect(await screen.findByText('No data')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('returns the tapped item in single mode', async () => {
    const host = createTestHost(searchable(companies));
    const close = renderPage(host);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Company 03' }));
    expect(close).toHaveBeenCalledWith(companies[2]);
  });

  it('counts ticked rows on the Add (n) button and returns them', async () => {
    const host = createTestHost(searchable(companies));
    const close = renderPage(host, { multiple: true, selected: [companies[0]] });
    const user = userEvent.setup();
    await screen.findByText('Company 02');
    expect(screen.getByRole('button', { name: 'Add (1)' })).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Company 02' }));
    await user.click(screen.getByRole('checkbox', { name: 'Company 05' }));
    await user.click(screen.getByRole('button', { name: 'Add (3)' }));
    expect((close.mock.calls[0][0] as PickerItem[]).map((c) => c.id)).toEqual([1, 2, 5]);
  });

  it('disables Add when nothing is ticked', async () => {
    const host = createTestHost(searchable(companies));
    renderPage(host, { multiple: true });
    await screen.findByText('Company 01');
    expect((screen.getByRole('button', { name: 'Add (0)' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('loads the next page when the sentinel scrolls into view', async () => {
    const observed: Array<(entries: Array<{ isIntersecting: boolean }>) => void> = [];
    class FakeObserver {
      constructor(callback: (entries: Array<{ isIntersecting: boolean }>) => void) {
        observed.push(callback);
      }
      observe() {}
      disconnect() {}
    }
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    try {
      const host = createTestHost(searchable(companies));
      renderPage(host);
      await screen.findByText('Company 10');
      await waitFor(() => expect(observed.length).toBeGreaterThan(0));
      act(() => observed.at(-1)?.([{ isIntersecting: true }]));
      expect(await screen.findByText('Company 20')).toBeTruthy();
      expect(host.calls.map((c) => c.params?.page)).toEqual([1, 2]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('drops a late answer for an older search', async () => {
    let release: (() => void) | undefined;
    const host = createTestHost(searchable(companies));
    const slowFirst = host.api.get;
    host.api.get = (async (path: string, params?: Record<string, unknown>) => {
      if (params?.name === undefined && params?.page === 1 && !release) {
        await new Promise<void>((resolve) => (release = resolve));
      }
      return slowFirst(path, params);
    }) as typeof host.api.get;
    renderPage(host, { debounceMs: 0 });
    await waitFor(() => expect(release).toBeDefined());
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: '25' } });
    expect(await screen.findByText('Company 25')).toBeTruthy();
    await act(async () => release?.());
    expect(screen.queryByText('Company 01')).toBeNull();
  });
});
