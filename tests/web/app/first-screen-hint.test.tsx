import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderApp, signedIn } from './harness';
import { texts } from './locale';

function firstScreenCookie(): string | undefined {
  return document.cookie.split('; ').find((part) => part.startsWith('ringi.first='))?.slice('ringi.first='.length);
}

describe('first-screen hint for the server', () => {
  it('names the login page in the shown language, and follows a language switch', async () => {
    const { user } = await renderApp({ language: 'en' });
    await screen.findByRole('button', { name: texts.en.login.submit });
    await waitFor(() => expect(firstScreenCookie()).toBe('login.en'));
    await user.selectOptions(screen.getByTestId('language-picker'), 'zh');
    await screen.findByRole('button', { name: texts.zh.login.submit });
    await waitFor(() => expect(firstScreenCookie()).toBe('login.zh'));
  });

  it('names the splash once a stored login is accepted', async () => {
    await renderApp({ token: 'tok', language: 'ja', routes: signedIn() });
    await screen.findByTestId('tab-home');
    await waitFor(() => expect(firstScreenCookie()).toBe('splash.ja'));
  });
});
