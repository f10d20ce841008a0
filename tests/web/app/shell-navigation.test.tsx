import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp, signedIn } from './harness';
import { texts } from './locale';
import { STATISTIC_MENU } from '../../../src/app/pages/statistic/StatisticPage';

const ja = texts.ja;

describe('page stack in the app', () => {
  it('pushes a page with its title, moves focus to the title, and the back button pops it', async () => {
    const { user } = await renderApp();
    await user.click(await screen.findByRole('button', { name: texts.ja.login.forgot }));
    expect(await screen.findByTestId('forgot-password')).toBeTruthy();
    const title = screen.getByTestId('page-title');
    expect(title.textContent).toBe(ja.forgot.title);
    await waitFor(() => expect(document.activeElement).toBe(title));

    await user.click(screen.getByRole('button', { name: ja.toolbar.back }));
    await waitFor(() => expect(screen.queryByTestId('forgot-password')).toBeNull());
    expect(screen.getByTestId('page-title').textContent).toBe(texts.ja.login.title);
    expect(screen.queryByRole('button', { name: ja.toolbar.back })).toBeNull();
  });

  it('the browser back button pops one page', async () => {
    const { user } = await renderApp();
    await user.click(await screen.findByRole('button', { name: texts.ja.login.forgot }));
    await screen.findByTestId('forgot-password');
    window.history.back();
    await waitFor(() => expect(screen.queryByTestId('forgot-password')).toBeNull());
    expect(screen.getByTestId('login')).toBeTruthy();
  });

  it('a page keeps the page under it mounted (its input survives a push and pop)', async () => {
    const { user } = await renderApp();
    const email = await screen.findByLabelText(texts.ja.login.email);
    await user.type(email, 'kept@example.com');
    await user.click(screen.getByRole('button', { name: texts.ja.login.forgot }));
    // The forgot page starts with the address typed on the login screen.
    expect(((await within(await screen.findByTestId('forgot-password')).findByLabelText(ja.forgot.email)) as HTMLInputElement).value).toBe('kept@example.com');
    await user.click(screen.getByRole('button', { name: ja.toolbar.back }));
    await waitFor(() => expect(screen.queryByTestId('forgot-password')).toBeNull());
    expect((within(screen.getByTestId('login')).getByLabelText(texts.ja.login.email) as HTMLInputElement).value).toBe('kept@example.com');
  });
});

describe('forgot password', () => {
  it('asks for the email when it is empty and sends nothing', async () => {
    const { user, calls } = await renderApp();
    await user.click(await screen.findByRole('button', { name: texts.ja.login.forgot }));
    await user.click(await screen.findByRole('button', { name: ja.forgot.submit }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(ja.forgot.empty)).toBeTruthy();
    expect(calls('POST /forget_password')).toHaveLength(0);
  });

  it('says "invalid email address" for a malformed address', async () => {
    const { user, calls } = await renderApp();
    await user.click(await screen.findByRole('button', { name: texts.ja.login.forgot }));
    await user.type(await within(await screen.findByTestId('forgot-password')).findByLabelText(ja.forgot.email), 'not-an-email');
    await user.click(screen.getByRole('button', { name: ja.forgot.submit }));
    expect(within(await screen.findByRole('alertdialog')).getByText(ja.forgot.invalidEmail)).toBeTruthy();
    expect(calls('POST /forget_password')).toHaveLength(0);
  });

  it('sends the email, shows the sent toast and goes back', async () => {
    const { user, calls } = await renderApp({ routes: { 'POST /forget_password': { status: 204 } } });
    await user.click(await screen.findByRole('button', { name: texts.ja.login.forgot }));
    await user.type(await within(await screen.findByTestId('forgot-password')).findByLabelText(ja.forgot.email), 'employee@example.com');
    await user.click(screen.getByRole('button', { name: ja.forgot.submit }));
    expect(await screen.findByText(ja.forgot.sent)).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('forgot-password')).toBeNull());
    expect(calls('POST /forget_password')[0].body).toEqual({ email: 'employee@example.com' });
  });
});

describe('tab bar', () => {
  // Each tab's accessible name, in order (Fluent repeats the label in a hidden width reserver).
  // Pages may have tabs of their own: look only inside the bottom navigation.
  const tabBar = () => within(screen.getByRole('navigation', { name: ja.tabs.label }));
  const tabNames = () =>
    tabBar().getAllByRole('tab').map((tab) => [ja.tabs.home, ja.tabs.statistic, ja.tabs.admin].find((name) => tab.textContent?.startsWith(name)));

  it('shows Home and Admin to an employee, without Statistic', async () => {
    await renderApp({ token: 't', path: '/admin', routes: signedIn() });
    await screen.findByTestId('admin');
    // The tab bar is a chunk of its own: it may come a moment after the page.
    await screen.findByRole('navigation', { name: ja.tabs.label });
    expect(tabNames()).toEqual([ja.tabs.home, ja.tabs.admin]);
    expect(tabBar().queryByRole('tab', { name: ja.tabs.statistic })).toBeNull();
  });

  it.each([['is_finance'], ['is_treasury'], ['is_authorizer']])('shows Statistic to a user with %s', async (flag) => {
    await renderApp({ token: 't', path: '/admin', routes: signedIn({ [flag]: true }) });
    await screen.findByTestId('admin');
    // The tab bar is a chunk of its own: it may come a moment after the page.
    await screen.findByRole('navigation', { name: ja.tabs.label });
    expect(tabNames()).toEqual([ja.tabs.home, ja.tabs.statistic, ja.tabs.admin]);
  });

  it('selects a tab, records its route, and lists the statistic menu (built screens open, the rest not yet available)', async () => {
    const { user } = await renderApp({ token: 't', path: '/admin', routes: signedIn({ is_finance: true }) });
    await screen.findByTestId('admin');
    // The tab bar is a chunk of its own: it may come a moment after the page.
    await screen.findByRole('navigation', { name: ja.tabs.label });
    await user.click(tabBar().getByRole('tab', { name: ja.tabs.statistic }));
    const menu = await screen.findByRole('list', { name: ja.statistic.menuLabel });
    expect(window.location.pathname).toBe('/statistic');
    expect(within(menu).getAllByRole('listitem')).toHaveLength(STATISTIC_MENU.length);
    expect(within(menu).getByText(ja.statistic.paymentProjection)).toBeTruthy();
    const built = within(menu).queryAllByRole('button');
    expect(built.length).toBeGreaterThan(0);
    expect(within(menu).queryAllByText(ja.common.notAvailable)).toHaveLength(STATISTIC_MENU.length - built.length);
  });

  it('opens the tab of a deep link on reload', async () => {
    await renderApp({ token: 't', path: '/admin', routes: signedIn() });
    expect(await screen.findByTestId('admin')).toBeTruthy();
    expect(tabBar().getByRole('tab', { name: ja.tabs.admin }).getAttribute('aria-selected')).toBe('true');
  });

  it('sends a user without the flags from /statistic to Home', async () => {
    await renderApp({ token: 't', path: '/statistic', routes: signedIn() });
    expect(await screen.findByTestId('home')).toBeTruthy();
    await waitFor(() => expect(window.location.pathname).toBe('/'));
  });
});
