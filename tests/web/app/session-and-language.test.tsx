import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp, signedIn, profile } from './harness';
import { fill, texts } from './locale';
import { TOKEN_STORAGE_KEY } from '../../../src/app/api';
import { LANGUAGE_STORAGE_KEY } from '../../../src/app/i18n';

const ja = texts.ja;

describe('start-up', () => {
  it('shows the splash while the stored token is checked, then Home', async () => {
    let answer: () => void = () => {};
    const gate = new Promise<void>((resolve) => (answer = resolve));
    await renderApp({
      token: 'stored',
      routes: {
        'GET /profile': async () => {
          await gate;
          return { status: 200, data: profile() };
        },
      },
    });
    expect(screen.getByTestId('splash')).toBeTruthy();
    answer();
    expect(await screen.findByTestId('home')).toBeTruthy();
  });

  it('without a token opens the login screen and asks nothing', async () => {
    const { sent } = await renderApp();
    expect(await screen.findByTestId('login')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it('with a rejected token logs out, says so, and opens the login screen', async () => {
    await renderApp({
      token: 'tampered',
      path: '/admin',
      routes: { 'GET /profile': { status: 401, data: { message: 'Invalid JWT Token', code: 'UNAUTHORIZED' } } },
    });
    expect(await screen.findByTestId('login')).toBeTruthy();
    expect(await screen.findByText(ja.errors.sessionExpired)).toBeTruthy();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    await waitFor(() => expect(window.location.pathname).toBe('/'));
  });

  it('keeps the token and the splash when the check finds no server (offline, a cut request) or a failing one, and asks again', async () => {
    const answers: Array<() => { status: number; data?: unknown }> = [
      () => { throw new TypeError('Failed to fetch'); },
      () => ({ status: 503, data: { message: 'busy', code: 'SERVICE_UNAVAILABLE' } }),
      () => ({ status: 200, data: profile() }),
    ];
    const { calls } = await renderApp({ token: 'stored', routes: { 'GET /profile': async () => answers.shift()!() } });
    await waitFor(() => expect(calls('GET /profile')).toHaveLength(1));
    expect(screen.getByTestId('splash')).toBeTruthy();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('stored');
    expect(await screen.findByTestId('home', {}, { timeout: 8000 })).toBeTruthy();
    expect(calls('GET /profile')).toHaveLength(3);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('stored');
  });

  it('treats a profile without roles as no session', async () => {
    await renderApp({ token: 'ok', routes: { 'GET /profile': { status: 200, data: { ...profile(), roles: {} } } } });
    expect(await screen.findByTestId('login')).toBeTruthy();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });
});

describe('language', () => {
  it('switching changes labels, document.title, <html lang> and the stored choice', async () => {
    const { user, calls } = await renderApp({ token: 't', path: '/admin', routes: signedIn() });
    await screen.findByTestId('admin');
    expect(document.title).toBe(ja.documentTitle);
    expect(screen.getByRole('tab', { name: ja.tabs.admin })).toBeTruthy();
    expect(calls('GET /profile')[0].headers['Accept-Language']).toBe('ja');

    await user.selectOptions(screen.getByRole('combobox', { name: ja.language.label }), 'en');
    expect(await screen.findByRole('tab', { name: texts.en.tabs.admin })).toBeTruthy();
    expect(screen.getByTestId('page-title').textContent).toBe(texts.en.admin.title);
    expect(document.title).toBe(texts.en.documentTitle);
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');

    await user.selectOptions(screen.getByRole('combobox', { name: texts.en.language.label }), 'zh');
    expect(await screen.findByRole('tab', { name: texts.zh.tabs.home })).toBeTruthy();
    expect(screen.getByRole('button', { name: texts.zh.admin.logout })).toBeTruthy();
    expect(document.title).toBe(texts.zh.documentTitle);
  });

  it('switching asks the server again for what it words in the language (profile, lists)', async () => {
    const { user, calls } = await renderApp({ token: 't', path: '/admin', routes: signedIn() });
    await screen.findByTestId('admin');
    const profiles = calls('GET /profile').length;
    await user.selectOptions(screen.getByRole('combobox', { name: ja.language.label }), 'zh');
    await waitFor(() => expect(calls('GET /profile').length).toBe(profiles + 1));
    expect(calls('GET /profile').at(-1)?.headers['Accept-Language']).toBe('zh');
  });

  it('offers English, 日本語 and 中文', async () => {
    await renderApp();
    const picker = await screen.findByRole('combobox', { name: ja.language.label });
    expect(within(picker).getAllByRole('option').map((option) => option.textContent)).toEqual(['English', '日本語', '中文']);
  });
});

describe('admin and log out', () => {
  it('shows the profile card with initials and the counts', async () => {
    await renderApp({ token: 't', path: '/admin', routes: signedIn() });
    const card = await screen.findByTestId('profile-card');
    expect(within(card).getByText('HY')).toBeTruthy();
    expect(within(card).getByText(profile().name)).toBeTruthy();
    expect(screen.getByText(fill(ja.admin.colleagues, { count: 12 }))).toBeTruthy();
    expect(screen.getByText(fill(ja.admin.companies, { count: 3 }))).toBeTruthy();
  });

  it('asks for confirmation; cancel keeps the session', async () => {
    const { user } = await renderApp({ token: 't', path: '/admin', routes: signedIn() });
    await user.click(await screen.findByRole('button', { name: ja.admin.logout }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(ja.admin.logoutConfirm)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: ja.common.cancel }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByTestId('admin')).toBeTruthy();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('t');
  });

  it('confirmed, clears the token and returns to the login screen', async () => {
    const { user } = await renderApp({ token: 't', path: '/admin', routes: signedIn() });
    await user.click(await screen.findByRole('button', { name: ja.admin.logout }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: ja.common.ok }));
    expect(await screen.findByTestId('login')).toBeTruthy();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(screen.queryByRole('tab')).toBeNull();
    await waitFor(() => expect(window.location.pathname).toBe('/'));
  });
});

describe('reset password link', () => {
  it('checks the two passwords, sends the token and returns to login', async () => {
    const { user, calls } = await renderApp({
      token: null,
      path: '/reset-password?token=abc123',
      routes: { 'POST /reset_password': { status: 204 } },
    });
    await user.type(await screen.findByLabelText(ja.reset.password), 'short');
    await user.click(screen.getByRole('button', { name: ja.reset.submit }));
    expect(await screen.findByText(fill(ja.reset.tooShort, { min: 8 }))).toBeTruthy();

    await user.clear(screen.getByLabelText(ja.reset.password));
    await user.type(screen.getByLabelText(ja.reset.password), 'long-enough-1');
    await user.type(screen.getByLabelText(ja.reset.repeat), 'long-enough-2');
    await user.click(screen.getByRole('button', { name: ja.reset.submit }));
    expect(await screen.findByText(ja.reset.mismatch)).toBeTruthy();
    expect(calls('POST /reset_password')).toHaveLength(0);

    await user.clear(screen.getByLabelText(ja.reset.repeat));
    await user.type(screen.getByLabelText(ja.reset.repeat), 'long-enough-1');
    await user.click(screen.getByRole('button', { name: ja.reset.submit }));
    expect(await screen.findByTestId('login')).toBeTruthy();
    expect(await screen.findByText(ja.reset.done)).toBeTruthy();
    expect(calls('POST /reset_password')[0].body).toEqual({ token: 'abc123', password: 'long-enough-1' });
    expect(window.location.pathname).toBe('/');
  });
});
