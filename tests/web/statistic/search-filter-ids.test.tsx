/**
 * The document search's filter sheet gives every input an id of its own (the ja crawl's
 * duplicate-id check, issue #31: one Field around the amount's operator and amount gave both
 * `field-…__control`), checked with the crawl's own content check; each is named by its label.
 */
import { expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { SessionContext, type Session } from '../../../src/app/session/session-context';
import { SearchFilterSheet } from '../../../src/app/pages/statistic/document-search/SearchFilterSheet';
import { defaultFilter } from '../../../src/app/pages/statistic/document-search/search-query';
import { contentChecks } from '../../e2e/content-checks';
import en from '../../../locales/en/statistic.json';
import { createTestHost } from '../test-host';

it('has no input id twice, and names the amount condition and the amount apart', async () => {
  const testHost = createTestHost();
  testHost.host.api.get = async <T,>(): Promise<T> => ({ 'hydra:member': [], 'hydra:totalItems': 0 }) as T;
  const session = { profile: { id: 5, name: 'Chen Jing', is_group_admin: false, company: { id: 1, name: 'Ringi Holdings' } } } as unknown as Session;
  render(<SessionContext.Provider value={session}><SearchFilterSheet value={defaultFilter()} onSave={() => undefined} /></SessionContext.Provider>, { wrapper: testHost.Wrapper });
  await screen.findByTestId('search-filter-sheet');
  expect(contentChecks({ lang: 'en', latinAllowed: [] })).toEqual([]);
  expect(screen.getByRole('combobox', { name: en.search.filter.operator })).toBeTruthy();
  expect(screen.getByRole('textbox', { name: en.search.filter.amount })).toBeTruthy();
});
