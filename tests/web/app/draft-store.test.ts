/**
 * The tab's copy of a draft saved as the page went away (`src/app/api/draft-store.ts`): read back
 * by the sign-in that kept it, per module and principal, never by another sign-in in the same tab.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { copyIsLatest, dropUnsentDraft, keepUnsentDraft, readUnsentDraft } from '../../../src/app/api/draft-store';
import { clearToken, writeToken, type ApiClient } from '../../../src/app/api';
import { draftOptions } from '../../../src/app/api/queries';

afterEach(() => {
  sessionStorage.clear();
  clearToken();
});

describe('unsent drafts', () => {
  it('reads back what it kept, per module and per principal, until dropped', () => {
    writeToken('token-of-ken');
    keepUnsentDraft('purchase', null, { title: 'own' });
    keepUnsentDraft('purchase', 7, { title: 'for 7' });
    expect(readUnsentDraft('purchase', null)).toEqual({ data: { title: 'own' } });
    expect(readUnsentDraft('purchase', 7)).toEqual({ data: { title: 'for 7' } });
    expect(readUnsentDraft('payment', null)).toBeUndefined();
    dropUnsentDraft('purchase', null);
    expect(readUnsentDraft('purchase', null)).toBeUndefined();
    expect(readUnsentDraft('purchase', 7)).toEqual({ data: { title: 'for 7' } });
  });

  it('is not read by another sign-in in the same tab, which drops it', () => {
    writeToken('token-of-ken');
    keepUnsentDraft('purchase', null, { title: 'Ken’s' });
    writeToken('token-of-aiko');
    expect(readUnsentDraft('purchase', null)).toBeUndefined();
    writeToken('token-of-ken');
    expect(readUnsentDraft('purchase', null)).toBeUndefined();
  });

  it('keeps nothing without a sign-in, and a damaged copy reads as none', () => {
    keepUnsentDraft('purchase', null, { title: 'nobody' });
    expect(sessionStorage.length).toBe(0);
    writeToken('token-of-ken');
    sessionStorage.setItem('ringi.unsent-draft:purchase:', '{not json');
    expect(readUnsentDraft('purchase', null)).toBeUndefined();
    expect(sessionStorage.length).toBe(0);
  });

  it('keeps the version of the server\'s draft the save replaces (none: null), and reads it back', () => {
    writeToken('token-of-ken');
    keepUnsentDraft('purchase', null, { title: 'typed last' }, '2026-12-07T10:00:00.000Z');
    keepUnsentDraft('payment', null, { title: 'first draft' }, null);
    expect(readUnsentDraft('purchase', null)).toEqual({ data: { title: 'typed last' }, base: '2026-12-07T10:00:00.000Z' });
    expect(readUnsentDraft('payment', null)).toEqual({ data: { title: 'first draft' }, base: null });
  });
});

describe('the tab\'s copy against the server\'s draft', () => {
  const copy = { data: { title: 'typed last', lines: [1, 2] }, base: '2026-12-07T10:00:00.000Z' };
  it('wins while the server still holds the draft its save replaces (the save is on its way)', () => {
    expect(copyIsLatest(copy, { data: { title: 'saved first' }, updated_at: '2026-12-07T10:00:00.000Z' })).toBe(true);
    expect(copyIsLatest({ ...copy, base: null }, null)).toBe(true);
  });
  it('gives way once its save landed (same data, in any key order) or a draft was saved since elsewhere', () => {
    expect(copyIsLatest(copy, { data: { lines: [1, 2], title: 'typed last' }, updated_at: '2026-12-07T10:00:05.000Z' })).toBe(false);
    expect(copyIsLatest(copy, { data: { title: 'from the phone' }, updated_at: '2026-12-07T10:05:00.000Z' })).toBe(false);
    expect(copyIsLatest({ ...copy, base: null }, { data: { title: 'from the phone' }, updated_at: '2026-12-07T10:05:00.000Z' })).toBe(false);
    // Deleted since (submitted or reset elsewhere): the server has none.
    expect(copyIsLatest(copy, null)).toBe(false);
  });
  it('wins as before when no version was known as it was kept', () => {
    expect(copyIsLatest({ data: copy.data }, { data: { title: 'other' }, updated_at: '2026-12-07T10:05:00.000Z' })).toBe(true);
  });
});

describe('the draft read with a copy the server never got', () => {
  const base = '2026-12-07T10:00:00.000Z';
  /** A client whose server holds `held` (null: no draft) and answers saves as `save` says. */
  const client = (held: { data: unknown; updated_at: string } | null, save: 'ok' | 'fails') => {
    const posts: unknown[] = [];
    const api = {
      defaults: { baseURL: '/api', timeout: 0 },
      get: async () => ({ data: held ? { module_code: 'purchase', ...held } : '' }),
      post: async (_url: string, body: unknown) => {
        posts.push(body);
        if (save === 'fails') throw new Error('offline');
        return { data: { module_code: 'purchase', data: (body as { data: unknown }).data, updated_at: '2026-12-07T10:00:09.000Z' } };
      },
    } as unknown as ApiClient;
    return { api, posts };
  };
  const read = (api: ApiClient, filedFor: number | null = null) => (draftOptions(api, 'purchase', filedFor).queryFn as () => Promise<unknown>)();

  it('sends the copy again while the server still holds the draft it replaced, then drops it', async () => {
    writeToken('token-of-ken');
    keepUnsentDraft('purchase', 7, { title: 'typed last' }, base);
    const { api, posts } = client({ data: { title: 'saved first' }, updated_at: base }, 'ok');
    expect(await read(api, 7)).toEqual({ title: 'typed last' });
    expect(posts).toEqual([{ module_code: 'purchase', filed_for: 7, data: { title: 'typed last' } }]);
    expect(readUnsentDraft('purchase', 7)).toBeUndefined();
  });

  it('keeps the copy, still winning, when the save again fails', async () => {
    writeToken('token-of-ken');
    keepUnsentDraft('purchase', null, { title: 'typed last' }, base);
    const { api, posts } = client({ data: { title: 'saved first' }, updated_at: base }, 'fails');
    expect(await read(api)).toEqual({ title: 'typed last' });
    expect(posts).toHaveLength(1);
    expect(readUnsentDraft('purchase', null)).toEqual({ data: { title: 'typed last' }, base });
  });

  it('sends nothing when the copy\'s save landed or a draft was saved since elsewhere', async () => {
    writeToken('token-of-ken');
    keepUnsentDraft('purchase', null, { title: 'typed last' }, base);
    const landed = client({ data: { title: 'typed last' }, updated_at: '2026-12-07T10:00:05.000Z' }, 'ok');
    expect(await read(landed.api)).toEqual({ title: 'typed last' });
    keepUnsentDraft('purchase', null, { title: 'typed last' }, base);
    const since = client({ data: { title: 'from the phone' }, updated_at: '2026-12-07T10:05:00.000Z' }, 'ok');
    expect(await read(since.api)).toEqual({ title: 'from the phone' });
    expect([...landed.posts, ...since.posts]).toEqual([]);
  });
});
