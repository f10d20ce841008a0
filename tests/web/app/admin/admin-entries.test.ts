import { describe, expect, it } from 'vitest';
import { ADMIN_ENTRIES, adminEntries } from '../../../../src/app/pages/admin/admin-entries';

const company = { id: 1, name: 'Co', code: 'CO', initial_name: 'C', is_group: false };

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
    expect(entries).toEqual(['myOrganization', 'externalCompanies', 'editCompany', 'createUser', 'positions', 'calendars', 'webhooks', 'journalMapping', 'deputies', 'proxyFilers', 'followUps', 'notifications', 'scimTokens', 'signIn', 'sessions', 'accessLog']);
  });
  it('positions and calendars are for company authorizers (the server decides which company)', () => {
    expect(adminEntries({ is_ringi_group_member: true, is_authorizer: false, company })).not.toContain('positions');
    expect(adminEntries({ is_ringi_group_member: false, is_authorizer: false, company })).not.toContain('calendars');
    expect(adminEntries({ is_ringi_group_member: false, is_authorizer: true, company: null })).not.toContain('positions');
    expect(adminEntries({ is_ringi_group_member: false, is_authorizer: false, company })).not.toContain('scimTokens');
    expect(adminEntries({ is_ringi_group_member: false, is_authorizer: false, company })).not.toContain('signIn');
  });
  it('the access log is for the people who may read it: company authorizers and group admins (issue #34 item 8)', () => {
    expect(adminEntries({ is_ringi_group_member: false, is_authorizer: true, company })).toContain('accessLog');
    expect(adminEntries({ is_ringi_group_member: true, is_authorizer: false, company })).not.toContain('accessLog');
    expect(adminEntries({ is_ringi_group_member: false, is_authorizer: true, company: null })).not.toContain('accessLog');
  });
  it('webhooks are for the people who manage them: company authorizers and group admins (issue #35 item 6)', () => {
    expect(adminEntries({ is_ringi_group_member: false, is_authorizer: true, company })).toContain('webhooks');
    expect(adminEntries({ is_ringi_group_member: true, is_authorizer: false, company })).not.toContain('webhooks');
  });
  it('the journal mapping is for the company\'s authorizer, finance and treasury, who request its changes (issue #35 item 1)', () => {
    expect(adminEntries({ is_ringi_group_member: false, is_authorizer: false, is_finance: true, company })).toContain('journalMapping');
    expect(adminEntries({ is_ringi_group_member: false, is_authorizer: false, is_treasury: true, company })).toContain('journalMapping');
    expect(adminEntries({ is_ringi_group_member: false, is_authorizer: true, company })).toContain('journalMapping');
    expect(adminEntries({ is_ringi_group_member: true, is_authorizer: false, company })).not.toContain('journalMapping');
    expect(adminEntries({ is_ringi_group_member: false, is_authorizer: false, is_finance: true, company: null })).not.toContain('journalMapping');
  });
  it('"Awaiting follow-up" is for everyone: their own decided documents (the company\'s list is the server\'s to allow, issue #36 item 5)', () => {
    expect(adminEntries({ is_ringi_group_member: false, is_authorizer: false, company })).toContain('followUps');
    expect(adminEntries({ is_ringi_group_member: false, is_authorizer: false, is_finance: true, company })).toContain('followUps');
  });
  it('without a profile only the entries for everyone remain', () => {
    expect(adminEntries(null)).toEqual(['myOrganization', 'externalCompanies', 'createUser', 'deputies', 'proxyFilers', 'followUps', 'notifications', 'sessions']);
  });
});
