import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp, signedIn, profile, type Reply } from './harness';
import { fill, texts } from './locale';
import { TOKEN_STORAGE_KEY } from '../../../src/app/api';

// The harness renders in the default language (ja); the login screen follows it.
const zh = texts.ja.login;

async function fillLogin(user: Awaited<ReturnType<typeof renderApp>>['user'], email: string, password: string) {
  if (email) await user.type(await screen.findByLabelText(zh.email), email);
  if (password) await user.type(screen.getByLabelText(zh.password), password);
  await user.click(screen.getByRole('button', { name: zh.submit }));
}

describe('login screen', () => {
  it('follows the chosen language, with the registration footer, and the picker switches it', async () => {
    const { user } = await renderApp({ language: 'en' });
    const en = texts.en.login;
    expect(await screen.findByRole('button', { name: en.submit })).toBeTruthy();
    expect(screen.getByLabelText(en.email)).toBeTruthy();
    expect(screen.getByText(en.footer)).toBeTruthy();
    expect(screen.queryByRole('button', { name: texts.zh.login.submit })).toBeNull();
    await user.selectOptions(screen.getByTestId('language-picker'), 'zh');
    expect(await screen.findByRole('button', { name: texts.zh.login.submit })).toBeTruthy();
    expect(screen.getByTestId('page-title').textContent).toBe(texts.zh.login.title);
  });

  it('marks empty fields and sends nothing', async () => {
    const { user, calls } = await renderApp();
    await screen.findByRole('button', { name: zh.submit });
    await user.click(screen.getByRole('button', { name: zh.submit }));
    expect(await screen.findByText(zh.emptyEmail)).toBeTruthy();
    expect(screen.getByText(zh.emptyPassword)).toBeTruthy();
    expect(calls('POST /login_check')).toHaveLength(0);
  });

  it('reads "logging in" and is disabled while the call runs, then opens Home', async () => {
    let answer: (reply: Reply) => void = () => {};
    const { user, calls } = await renderApp({
      routes: {
        'POST /login_check': () => new Promise<Reply>((resolve) => (answer = resolve)),
        ...signedIn(),
      },
    });
    await fillLogin(user, 'employee@example.com', 'secret-pass');
    const busy = await screen.findByRole('button', { name: zh.submitting });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(calls('POST /login_check')[0].body).toEqual({ username: 'employee@example.com', password: 'secret-pass' });

    answer({ status: 200, data: { token: 'jwt-1' } });
    expect(await screen.findByTestId('home')).toBeTruthy();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('jwt-1');
    expect(calls('GET /profile')[0].headers.Authorization).toBe('Bearer jwt-1');
    expect(screen.getByText(fill(texts.ja.home.greeting, { name: profile().name }))).toBeTruthy();
  });

  it('shows the failed-attempt count in a dialog on a wrong password', async () => {
    const { user } = await renderApp({
      routes: {
        'POST /login_check': {
          status: 401,
          data: { message: 'bad', code: 'INVALID_CREDENTIALS', data: { locked: false, failed_attempt: 2 } },
        },
      },
    });
    await fillLogin(user, 'employee@example.com', 'wrong');
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(fill(zh.invalid, { n: 2 }))).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: texts.ja.common.ok }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // The closed dialog hands the page back (Fluent lifts aria-hidden from it a moment later).
    expect(((await screen.findByRole('button', { name: zh.submit })) as HTMLButtonElement).disabled).toBe(false);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    // The login's own dialog replaces the global error toast.
    expect(screen.queryByText('bad')).toBeNull();
  });

  it('says the account is locked and to check the email', async () => {
    const { user } = await renderApp({
      routes: {
        'POST /login_check': {
          status: 401,
          data: { message: 'locked', code: 'ACCOUNT_LOCKED', data: { locked: true, failed_attempt: 5 } },
        },
      },
    });
    await fillLogin(user, 'approver2@example.com', 'wrong');
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(zh.locked)).toBeTruthy();
    expect(within(dialog).queryByText(fill(zh.invalid, { n: 5 }))).toBeNull();
  });

  it('refuses a profile without a roles list and stays on the login screen', async () => {
    const { user } = await renderApp({
      routes: {
        'POST /login_check': { status: 200, data: { token: 'jwt-2' } },
        'GET /profile': { status: 200, data: { ...profile(), roles: null } },
      },
    });
    await fillLogin(user, 'employee@example.com', 'secret-pass');
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('roles must be a non-null array')).toBeTruthy();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(screen.queryByTestId('home')).toBeNull();
  });
});
