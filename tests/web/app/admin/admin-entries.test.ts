import { describe, expect, it } from 'vitest';
import { ADMIN_ENTRIES, adminEntries } from '../../../../src/app/pages/admin/admin-entries';

const company = { id: 1, name: 'Co' };

describe('Admin tab entries (spec 000 §6)', () => {
  it('group admin (group member + company authorizer) sees every entry, Background groups included', () => {
    expect(adminEntries({ is_ringi_group_member: true, is_authorizer: true, company })).toEqual([...ADMIN_ENTRIES]);
  });
  it('a group member who is no authorizer creates companies but has no Background groups', () => {
    const entries = adminEntries({ is_ringi_group_member: true, is_authorizer: false, company });
    expect(entries).toContain('createCompany');
    expect(entries).not.toContain('backgroundGroups');
  });
  it('a client (not a group member), even an authorizer, neither creates companies nor sees groups; edits their own company', () => {
    const entries = adminEntries({ is_ringi_group_member: false, is_authorizer: true, company });
    expect(entries).toEqual(['myOrganization', 'externalCompanies', 'editCompany', 'createUser', 'deputies']);
  });
  it('without a profile only the entries for everyone remain', () => {
    expect(adminEntries(null)).toEqual(['myOrganization', 'externalCompanies', 'createUser', 'deputies']);
  });
});
