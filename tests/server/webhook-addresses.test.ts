import { describe, expect, it } from 'vitest';
import { addressProblem, checkWebhookUrl } from '../../server/webhooks/public-address';

/** THE address rule of webhook URLs (server/webhooks/public-address.ts): each range, both families. */
describe('addressProblem', () => {
  it.each([
    ['127.0.0.1', 'loopback'], ['127.255.0.9', 'loopback'], ['::1', 'loopback'], ['::ffff:127.0.0.1', 'loopback'], ['::ffff:7f00:1', 'loopback'],
    ['10.0.0.1', 'private'], ['172.16.5.4', 'private'], ['172.31.255.255', 'private'], ['192.168.1.1', 'private'], ['100.64.0.1', 'private'],
    ['fc00::1', 'private'], ['fd12:3456::1', 'private'], ['::ffff:192.168.0.1', 'private'], ['64:ff9b::a00:1', 'private'], ['2002:0a00:0001::1', 'private'],
    ['169.254.169.254', 'link-local'], ['fe80::1', 'link-local'], ['fe80::1%eth0', 'link-local'], ['febf::1', 'link-local'], ['::ffff:169.254.1.1', 'link-local'],
    ['0.0.0.0', 'reserved'], ['::', 'reserved'], ['224.0.0.1', 'reserved'], ['255.255.255.255', 'reserved'], ['198.18.0.1', 'reserved'],
    ['2001:db8::1', 'reserved'], ['ff02::1', 'reserved'], ['::10.0.0.1', 'private'], ['::8.8.8.8', 'reserved'],
  ])('%s is %s', (ip, problem) => {
    expect(addressProblem(ip)).toBe(problem);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:0808:0808::1'])('%s is public', (ip) => {
    expect(addressProblem(ip)).toBeNull();
  });
});

describe('checkWebhookUrl', () => {
  const resolvesTo = (...addresses: string[]) => async () => addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

  it('answers the checked address of a public https URL', async () => {
    const target = await checkWebhookUrl('https://hooks.example.test/ringi', false, resolvesTo('93.184.216.34'));
    expect([target.url.hostname, target.address, target.family]).toEqual(['hooks.example.test', '93.184.216.34', 4]);
  });

  it('refuses a name when any of its addresses is not public', async () => {
    await expect(checkWebhookUrl('https://hooks.example.test/', false, resolvesTo('93.184.216.34', '10.0.0.7'))).rejects.toThrow('10.0.0.7 is a private address');
  });

  it('refuses http, credentials, relative URLs and names that do not resolve', async () => {
    await expect(checkWebhookUrl('http://hooks.example.test/', false, resolvesTo('93.184.216.34'))).rejects.toThrow('not an https URL');
    await expect(checkWebhookUrl('https://u:p@hooks.example.test/', false, resolvesTo('93.184.216.34'))).rejects.toThrow('credentials');
    await expect(checkWebhookUrl('/hooks', false)).rejects.toThrow('not an absolute URL');
    await expect(checkWebhookUrl('https://nowhere.example.test/', false, async () => { throw new Error('ENOTFOUND'); })).rejects.toThrow('cannot be resolved');
  });

  it('allows http and private addresses with WEBHOOK_ALLOW_PRIVATE', async () => {
    expect((await checkWebhookUrl('http://127.0.0.1:9000/x', true)).address).toBe('127.0.0.1');
  });
});
