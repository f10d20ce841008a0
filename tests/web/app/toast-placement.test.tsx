/**
 * Toasts (issue #31 item 19): shown above the bottom tab bar — never over the page's title and
 * first labels — and in Japanese broken between phrases, not inside a word.
 */
import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { I18nextProvider } from 'react-i18next';
import FeedbackHost from '../../../src/app/feedback/FeedbackHost';
import type { ToastRequest } from '../../../src/app/feedback/pending';
import { createTestI18n } from '../test-host';

describe('toasts', () => {
  it('appear at the bottom, above the tab bar, with words kept whole', async () => {
    let show: ((request: ToastRequest) => void) | undefined;
    render(
      <FluentProvider theme={webLightTheme}>
        <I18nextProvider i18n={createTestI18n('ja')}>
          <FeedbackHost current={undefined} settle={() => undefined} onReady={(s) => { show = s; }} />
        </I18nextProvider>
      </FluentProvider>,
    );
    act(() => show!({ message: '申請を差し戻しました', intent: 'success', timeout: 3000 }));
    const toast = await screen.findByTestId('toast-success');
    const [title] = [...toast.querySelectorAll('*')].filter((el) => el.textContent === '申請を差し戻しました' && el.children.length === 0) as HTMLElement[];
    expect(toast.contains(title)).toBe(true);
    // The title's class keeps words whole (Griffel writes the rule into a style element).
    const css = [...document.querySelectorAll('style')].map((s) => s.textContent ?? '').join('\n')
      + [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules].map((r) => r.cssText)).join('\n');
    const classes = [...title.classList];
    expect(classes.some((c) => new RegExp(`\\.${c}\\{[^}]*word-break:keep-all`).test(css.replace(/\s/g, '')))).toBe(true);
    // The toaster stacks from the bottom edge, offset above the tab bar.
    const container = toast.closest('[data-toaster-position]') ?? toast.parentElement!.closest('div');
    expect(container?.getAttribute('data-toaster-position') ?? '').toMatch(/^bottom/);
  });
});
