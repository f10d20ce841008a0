import { describe, expect, test } from 'vitest';
import { applyExposureRule, maskAccountNumber } from '../../server/security/exposure-rule';

const external = { company_id: 3, is_ringi_group_member: false, is_finance: false, is_treasury: false };
const staff = { company_id: 1, is_ringi_group_member: true, is_finance: false, is_treasury: false };
const finance = { ...staff, is_finance: true };
const user = (companyId: number) => ({ id: 9, name: 'N', email: 'n@x', is_finance: true, is_authorizer: false, company: { id: companyId, name: 'C' }, roles: { 'hydra:member': [] } });
const account = (companyId: number) => ({ id: 4, bank_name: 'B', branch: 'b', number: '1234567890', company_id: companyId });

describe('the exposure rule', () => {
  test('an external viewer loses e-mail, flags and roles of other companies\' users, keeps names', () => {
    const out = applyExposureRule({ 'hydra:member': [user(1)] }, external)['hydra:member'][0] as Record<string, unknown>;
    expect(out).toEqual({ id: 9, name: 'N', company: { id: 1, name: 'C' } });
  });
  test('an external viewer keeps colleagues of the own company; group staff see everyone', () => {
    expect(applyExposureRule(user(3), external).email).toBe('n@x');
    expect(applyExposureRule(user(3), staff).email).toBe('n@x');
  });
  test('account numbers: last 4 unless finance or treasury of that company', () => {
    expect(applyExposureRule(account(1), staff).number).toBe('••••7890');
    expect(applyExposureRule(account(2), finance).number).toBe('••••7890');
    expect(applyExposureRule(account(1), finance).number).toBe('1234567890');
    expect(applyExposureRule(account(1), { ...staff, is_treasury: true }).number).toBe('1234567890');
    expect(maskAccountNumber('123')).toBe('••••');
  });
});
