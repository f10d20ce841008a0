import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderApp } from './harness';
import { texts } from './locale';

/**
 * The login page's e-mail step (issue #34 item 1): an address of a company that signs in through
 * its IdP gets "Continue with single sign-on" instead of the password (with a way to a password
 * for the break-glass admin); back from the IdP a refusal says why.
 */
describe('login with single sign-on', () => {
  it('offers the company\'s IdP for an SSO address, and the password on request', async () => {
    const en = texts.en;
    const { user, calls } = await renderApp({
      language: 'en',
      routes: { 'POST /sign_in/discover': (request) => ({ status: 200, data: String((request.body as { email?: unknown }).email).endsWith('@sora.example') ? { method: 'sso', sso_url: '/api/sso/5/start', sso_required: true } : { method: 'password' } }) },
    });
    await user.type(await screen.findByLabelText(en.login.email), 'ken@sora.example');
    expect(await screen.findByTestId('sso-continue')).toBeTruthy();
    expect(screen.getByText(en.sso.requiredNote)).toBeTruthy();
    expect(screen.queryByLabelText(en.login.password)).toBeNull();
    expect(calls('POST /sign_in/discover').at(-1)?.body).toEqual({ email: 'ken@sora.example' });
    await user.click(screen.getByRole('button', { name: en.sso.usePassword }));
    expect(screen.getByLabelText(en.login.password)).toBeTruthy();
    expect(screen.queryByTestId('sso-continue')).toBeNull();
  });

  it('keeps today\'s page for a password address', async () => {
    const en = texts.en;
    await renderApp({ language: 'en', routes: { 'POST /sign_in/discover': { status: 200, data: { method: 'password' } } } });
    expect(await screen.findByLabelText(en.login.password)).toBeTruthy();
    expect(screen.getByRole('button', { name: en.login.submit })).toBeTruthy();
    expect(screen.queryByTestId('sso-continue')).toBeNull();
  });

  it('says why an SSO sign-in was refused', async () => {
    await renderApp({ language: 'en', path: '/?sso_error=replay' });
    const notice = await screen.findByTestId('sso-refused');
    expect(notice.textContent).toContain(texts.en.sso.refusedTitle);
    expect(notice.textContent).toContain(texts.en.sso.reasons.replay);
  });

  it('names an answer of another company\'s IdP as such, in each language', async () => {
    for (const language of ['en', 'ja', 'zh'] as const) {
      const view = await renderApp({ language, path: '/?sso_error=other_idp' });
      const notice = await screen.findByTestId('sso-refused');
      expect(notice.getAttribute('data-reason')).toBe('other_idp');
      expect(notice.textContent).toContain(texts[language].sso.reasons.other_idp);
      view.unmount();
    }
  });
});
