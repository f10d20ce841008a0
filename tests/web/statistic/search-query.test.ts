import { describe, expect, it } from 'vitest';
import { defaultFilter, searchParams, type SearchFilter } from '../../../src/app/pages/statistic/document-search/search-query';

const filter: SearchFilter = {
  ...defaultFilter(new Date('2026-11-21T12:00:00Z')),
  periodType: 'estPaymentDate', from: '2026-11-01', to: '2026-11-30',
  amount: ' 500 ', operator: 'lte', currency: 'JPY', company: { id: 7, name: 'Ringi Japan' }, vendor: ' Acme ',
  applicationNumber: ' RH-2026 ', decisionNumber: 'KRH26-',
};

describe('searchParams (the document search query, src/wire/document-search.ts)', () => {
  it('asks documents with the amount as inputAmount and condition', () => {
    expect(searchParams(filter, { field: 'code', order: 'asc' }, false)).toEqual({
      itemsPerPage: 5, estPaymentDate: '2026-11-01~2026-11-30', inputAmount: 500, condition: 'lte',
      currency: 'JPY', companyName: '7', vendor: 'Acme', application_number: 'RH-2026', decision_number: 'KRH26-', 'sort[code]': 'asc',
    });
  });

  it('asks files with the amount as one text (the file search takes no inputAmount)', () => {
    expect(searchParams(filter, { field: 'amount', order: 'desc' }, true)).toEqual({
      itemsPerPage: 5, estPaymentDate: '2026-11-01~2026-11-30', amount: 'lte500',
      currency: 'JPY', companyName: '7', vendor: 'Acme', application_number: 'RH-2026', decision_number: 'KRH26-', 'sort[amount]': 'desc',
    });
  });

  it('leaves out what the filter does not set', () => {
    expect(searchParams(defaultFilter(new Date('2026-11-21T12:00:00Z')), { field: 'createdAt', order: 'desc' }, false))
      .toEqual({ itemsPerPage: 5, createdAt: '2026-11-21~2026-11-21', 'sort[createdAt]': 'desc' });
  });
});
