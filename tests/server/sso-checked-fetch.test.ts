import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedFetch, IDP_ANSWER_BYTES } from '../../server/auth/sso/checked-fetch';

/**
 * Calls to an IdP connect to the address that was checked (issue #30's probe: the IdP fetch
 * resolved the host again after the check, so a DNS answer changed in between — DNS rebinding —
 * could point it at an internal address). The host below exists only in the test's resolver,
 * which answers once: a second resolution by the call itself would not find it.
 */
describe('the IdP fetch', () => {
  let server: Server;
  let port = 0;
  const seen: Array<{ method?: string; host?: string; type?: string; body: string }> = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => { body += c.toString(); });
      req.on('end', () => {
        seen.push({ method: req.method, host: req.headers.host, type: req.headers['content-type'], body });
        if (req.url === '/big') {
          res.writeHead(200, { 'content-type': 'application/octet-stream' });
          res.end(Buffer.alloc(IDP_ANSWER_BYTES + 1));
          return;
        }
        if (req.url === '/moved') {
          res.writeHead(302, { location: 'http://169.254.169.254/' });
          res.end();
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ issuer: 'idp' }));
      });
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  /** A resolver that knows `idp.rebind.invalid` for one answer only. */
  const once = () => {
    let calls = 0;
    const resolve = async (host: string) => {
      calls += 1;
      if (host !== 'idp.rebind.invalid' || calls > 1) throw new Error('ENOTFOUND');
      return [{ address: '127.0.0.1', family: 4 }];
    };
    return { resolve, calls: () => calls };
  };

  it('connects to the checked address, with the host name as Host, resolving once', async () => {
    const dns = once();
    const reply = await checkedFetch(true, 5_000, dns.resolve)(`http://idp.rebind.invalid:${port}/.well-known/openid-configuration`);
    expect(reply.status).toBe(200);
    expect(await reply.json()).toEqual({ issuer: 'idp' });
    expect(dns.calls()).toBe(1);
    expect(seen.at(-1)).toMatchObject({ method: 'GET', host: `idp.rebind.invalid:${port}` });
  });

  it('sends a form body as the token endpoint expects it', async () => {
    const reply = await checkedFetch(true, 5_000, once().resolve)(`http://idp.rebind.invalid:${port}/token`, {
      method: 'POST', headers: { accept: 'application/json' }, body: new URLSearchParams({ grant_type: 'authorization_code', code: 'c' }),
    });
    expect(reply.ok).toBe(true);
    expect(seen.at(-1)).toMatchObject({ method: 'POST', type: 'application/x-www-form-urlencoded;charset=UTF-8', body: 'grant_type=authorization_code&code=c' });
  });

  it('refuses a private address unless allowed, follows no redirect and refuses an answer too long', async () => {
    await expect(checkedFetch(false, 5_000, once().resolve)(`https://idp.rebind.invalid:${port}/`)).rejects.toThrow(/IdP URL refused: 127\.0\.0\.1 is a loopback address/);
    const moved = await checkedFetch(true, 5_000, once().resolve)(`http://idp.rebind.invalid:${port}/moved`);
    expect(moved.status).toBe(302);
    expect(moved.headers.get('location')).toBe('http://169.254.169.254/');
    await expect(checkedFetch(true, 5_000, once().resolve)(`http://idp.rebind.invalid:${port}/big`)).rejects.toThrow(/longer than/);
  });
});
