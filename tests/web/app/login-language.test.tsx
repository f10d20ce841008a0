import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderApp, signedIn } from './harness';
import { texts } from './locale';
import { LANGUAGE_STORAGE_KEY } from '../../../src/app/i18n';

/**
 * Signing in switches the app to the user's stored language (the login reply's `language`, the
 * one their mails are written in): the stored choice wins over the sign-in screen's (issue #31 item 16).
 */
describe('the language after sign-in', () => {
  it('is the stored one: Home, the title and the profile call follow it', async () => {
    const en = texts.en.login;
    const { user, calls } = await renderApp({
      language: 'en',
      routes: { 'POST /login_check': { status: 200, data: { token: 'jwt-zh', language: 'zh' } }, ...signedIn() },
    });
    await user.type(await screen.findByLabelText(en.email), 'employee@example.com');
    await user.type(screen.getByLabelText(en.password), 'secret-pass');
    await user.click(screen.getByRole('button', { name: en.submit }));
    expect(await screen.findByTestId('home')).toBeTruthy();
    expect(await screen.findByRole('tab', { name: texts.zh.tabs.home })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(texts.zh.documentTitle));
    expect(document.documentElement.lang).toBe('zh');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('zh');
    // The sign-in itself went in the screen's language; the profile is read in the stored one.
    expect(calls('POST /login_check')[0].headers['Accept-Language']).toBe('en');
    expect(calls('GET /profile')[0].headers['Accept-Language']).toBe('zh');
  });

  it('stays as it is when the reply names no language or the same one', async () => {
    const en = texts.en.login;
    const { user } = await renderApp({
      language: 'en',
      routes: { 'POST /login_check': { status: 200, data: { token: 'jwt-en' } }, ...signedIn() },
    });
    await user.type(await screen.findByLabelText(en.email), 'employee@example.com');
    await user.type(screen.getByLabelText(en.password), 'secret-pass');
    await user.click(screen.getByRole('button', { name: en.submit }));
    expect(await screen.findByTestId('home')).toBeTruthy();
    expect(screen.getByRole('tab', { name: texts.en.tabs.home })).toBeTruthy();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
  });
});
