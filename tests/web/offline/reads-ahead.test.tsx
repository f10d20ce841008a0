/**
 * The names a pending document's card shows, kept for offline (issue #33 item 3): reading a card
 * ahead renders the real payment card out of sight — nothing reaches the page — and makes every
 * read its widgets make (company, department, currency by id…) while the offline copies keep every
 * read, resolving once they have all answered; reads fail quietly (no toast).
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import { loadDefinitionFiles } from '../../../server/definitions/load-definition-files';
import { compileModules, type CompiledModule } from '../../../src/engine';
import type { ApiClient } from '../../../src/app/api';
import { createTestHost } from '../test-host';

let keeping = 0;
vi.mock('../../../src/app/offline/offline-copies', () => ({
  keepEveryRead: async <T,>(work: () => Promise<T>) => {
    keeping += 1;
    try {
      return await work();
    } finally {
      keeping -= 1;
    }
  },
}));
const { useReadsAhead } = await import('../../../src/app/offline/ReadsAhead');
type ReadCardAhead = ReturnType<typeof useReadsAhead>['read'];

let payment: CompiledModule;
beforeAll(async () => {
  const { files } = await loadDefinitionFiles();
  payment = compileModules(files).modules.payment as CompiledModule;
});

describe('reading a card ahead', () => {
  it('makes every read of the card\'s widgets while every read is kept, and shows nothing', async () => {
    const reads: Array<{ path: string; kept: boolean; silent: boolean }> = [];
    let read!: ReadCardAhead;
    const { host, log, Wrapper } = createTestHost();
    const api = {
      get: async (path: string, config?: { params?: Record<string, unknown>; ringiSilent?: boolean }) => {
        reads.push({ path, kept: keeping > 0, silent: config?.ringiSilent === true });
        return { status: 200, data: await host.api.get(path, config?.params) };
      },
    } as unknown as ApiClient;
    const { unmount } = render(<Wrapper><Harness onRead={(r) => { read = r; }} api={api} /></Wrapper>);
    const data = { company_id: 1, department_id: 10, currency_id: 1, note: 'Rent', transaction_items: [] };
    // Started outside act: the card renders while the read waits for its answers (waitFor lets React work).
    let finished = false;
    void read({ module: payment, data }).then(() => { finished = true; });
    await waitFor(() => expect(finished).toBe(true), { timeout: 15_000 });
    const paths = reads.map((r) => r.path);
    expect(paths).toEqual(expect.arrayContaining(['/companies/1', '/departments/10', '/currencies']));
    expect(reads.every((r) => r.kept && r.silent)).toBe(true);
    expect(document.querySelector('[data-detail-card]')).toBeNull();
    expect(log.toasts).toEqual([]);
    unmount();
  });
});

function Harness({ api, onRead }: { api: ApiClient; onRead(read: ReadCardAhead): void }) {
  const { read, portal } = useReadsAhead(api);
  onRead(read);
  return <>{portal}</>;
}
