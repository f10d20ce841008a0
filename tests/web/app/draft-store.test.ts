/**
 * The tab's copy of a draft saved as the page went away (`src/app/api/draft-store.ts`): read back
 * by the sign-in that kept it, per module and principal, never by another sign-in in the same tab.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { dropUnsentDraft, keepUnsentDraft, readUnsentDraft } from '../../../src/app/api/draft-store';
import { clearToken, writeToken } from '../../../src/app/api';

afterEach(() => {
  sessionStorage.clear();
  clearToken();
});

describe('unsent drafts', () => {
  it('reads back what it kept, per module and per principal, until dropped', () => {
    writeToken('token-of-ken');
    keepUnsentDraft('purchase', null, { title: 'own' });
    keepUnsentDraft('purchase', 7, { title: 'for 7' });
    expect(readUnsentDraft('purchase', null)).toEqual({ title: 'own' });
    expect(readUnsentDraft('purchase', 7)).toEqual({ title: 'for 7' });
    expect(readUnsentDraft('payment', null)).toBeUndefined();
    dropUnsentDraft('purchase', null);
    expect(readUnsentDraft('purchase', null)).toBeUndefined();
    expect(readUnsentDraft('purchase', 7)).toEqual({ title: 'for 7' });
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
});
