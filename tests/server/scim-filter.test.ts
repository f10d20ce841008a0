import { describe, expect, it } from 'vitest';
import { MAX_FILTER_LENGTH, parseScimFilter } from '../../server/auth/scim/scim-filter';
import { USER_FILTER_ATTRIBUTES } from '../../server/auth/scim/scim-users';

// The SCIM filter subset (issue #34 item 5): eq comparisons joined by and; everything else refused with a reason.
const parse = (filter: string) => parseScimFilter(filter, USER_FILTER_ATTRIBUTES);

describe('SCIM filter parser', () => {
  it.each([
    ['userName eq "a@example.com"', [{ attribute: 'userName', value: 'a@example.com' }]],
    ['USERNAME EQ "A@example.com"', [{ attribute: 'userName', value: 'A@example.com' }]],
    ['externalId eq "00u1" and active eq true', [{ attribute: 'externalId', value: '00u1' }, { attribute: 'active', value: true }]],
    ['userName eq "x" AND externalId eq "y"', [{ attribute: 'userName', value: 'x' }, { attribute: 'externalId', value: 'y' }]],
    ['emails.value eq "w@example.com"', [{ attribute: 'emails.value', value: 'w@example.com' }]],
    ['userName eq "quote \\" and \\\\ slash"', [{ attribute: 'userName', value: 'quote " and \\ slash' }]],
    ['urn:ietf:params:scim:schemas:core:2.0:User:userName eq "u"', [{ attribute: 'userName', value: 'u' }]],
    ['userName eq "x or y"', [{ attribute: 'userName', value: 'x or y' }]],
  ])('reads %s', (filter, terms) => {
    expect(parse(filter)).toEqual({ terms });
  });

  it.each([
    ['userName co "a"', /operator "co" is not supported/],
    ['userName sw "a"', /operator "sw" is not supported/],
    ['userName pr', /operator "pr" is not supported/],
    ['userName eq "a" or userName eq "b"', /"or" is not supported/],
    ['not userName eq "a"', /filtering by "not"/],
    ['not (userName eq "a")', /grouping/],
    ['(userName eq "a")', /grouping/],
    ['emails[type eq "work"].value eq "a"', /grouping/],
    ['userName eq "open', /not closed/],
    ['userName eq a', /quoted value/],
    ['active eq "true"', /true or false/],
    ['title eq "x"', /filtering by "title" is not supported/],
    ['userName eq', /value is expected/],
    ['userName eq "a" and', /attribute name is expected/],
    ['userName eq "a" userName eq "b"', /and is expected/],
    ['', /empty/],
    ['userName eq "\\x"', /valid JSON string/],
    [`userName eq "${'a'.repeat(MAX_FILTER_LENGTH)}"`, /longer than/],
    [Array.from({ length: 11 }, (_, i) => `userName eq "${i}"`).join(' and '), /at most 10/],
  ])('refuses %s', (filter, reason) => {
    const result = parse(filter);
    expect('error' in result && result.error).toMatch(reason);
  });
});
