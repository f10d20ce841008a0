/**
 * Offline, the detail page's action bar offers only what the device's queue can hold (issue #33
 * item 3): approve and reject stay usable; step back, send back, resubmit, edit, the notify choice
 * and an approve that needs a form are disabled but still reachable by keyboard, each described
 * by the note that says they need a connection — in en, ja and zh. Online nothing is disabled.
 */
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { I18nextProvider } from 'react-i18next';
import { ActionBar, type ActionBarProps } from '../../../src/app/pages/approvals/ActionBar';
import type { DetailActions } from '../../../src/app/pages/approvals/detail-actions';
import { createTestI18n } from '../test-host';

type Lang = 'en' | 'ja' | 'zh';
const ALL: DetailActions = { approve: true, reject: true, treasury: false, stepBack: 'approver', edit: true, notifyNext: true, sendBack: true, resubmit: true };

function renderBar(offline: boolean, lang: Lang = 'en', extra: Partial<ActionBarProps> = {}) {
  const handlers = { onApprove: vi.fn(), onReject: vi.fn(), onStepBack: vi.fn(), onSendBack: vi.fn(), onResubmit: vi.fn(), onEdit: vi.fn(), onNotify: vi.fn() };
  const i18n = createTestI18n(lang);
  render(
    <I18nextProvider i18n={i18n}>
      <FluentProvider theme={webLightTheme}>
        <ActionBar actions={ALL} busy={false} notify={false} offline={offline} {...handlers} {...extra} />
      </FluentProvider>
    </I18nextProvider>,
  );
  return { handlers, t: i18n.t.bind(i18n) };
}

const disabled = (element: HTMLElement) => element.getAttribute('aria-disabled') === 'true' || (element as HTMLButtonElement).disabled;

describe('the action bar offline', () => {
  for (const lang of ['en', 'ja', 'zh'] as const) {
    it(`${lang}: approve and reject work; the others are disabled, focusable and described as needing a connection`, async () => {
      const { handlers, t } = renderBar(true, lang);
      const note = screen.getByTestId('offline-actions-note');
      expect(note.textContent).toBe(t('app.offline.actionsNote'));
      const name = (key: string) => screen.getByRole('button', { name: t(key) });

      await userEvent.click(name('app.approvals.actions.approve'));
      await userEvent.click(name('app.approvals.actions.reject'));
      expect(handlers.onApprove).toHaveBeenCalledTimes(1);
      expect(handlers.onReject).toHaveBeenCalledTimes(1);

      for (const key of ['app.approvals.actions.stepBack', 'app.approvals.actions.sendBack', 'app.approvals.actions.resubmit', 'app.approvals.edit.title']) {
        const button = name(key);
        expect(disabled(button), key).toBe(true);
        expect(button.getAttribute('aria-describedby'), key).toBe(note.id);
        await userEvent.click(button);
      }
      expect(handlers.onStepBack).not.toHaveBeenCalled();
      expect(handlers.onSendBack).not.toHaveBeenCalled();
      expect(handlers.onResubmit).not.toHaveBeenCalled();
      expect(handlers.onEdit).not.toHaveBeenCalled();
      expect((screen.getByRole('checkbox', { name: t('app.approvals.actions.notifyNext') }) as HTMLInputElement).disabled).toBe(true);

      // Still reachable with Tab (a screen reader announces them dimmed, with the note).
      const stepBack = name('app.approvals.actions.stepBack');
      stepBack.focus();
      expect(document.activeElement).toBe(stepBack);
    });
  }

  it('an approve that needs a form (the treasury step) cannot be queued: disabled offline', () => {
    const { t } = renderBar(true, 'en', { approveForm: 'treasury-form' });
    const approve = screen.getByRole('button', { name: t('app.approvals.actions.approve') });
    expect(disabled(approve)).toBe(true);
    expect(approve.getAttribute('aria-describedby')).toBe(screen.getByTestId('offline-actions-note').id);
  });

  it('online: no note, every action enabled', async () => {
    const { handlers, t } = renderBar(false);
    expect(screen.queryByTestId('offline-actions-note')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: t('app.approvals.actions.sendBack') }));
    await userEvent.click(screen.getByRole('button', { name: t('app.approvals.actions.stepBack') }));
    expect(handlers.onSendBack).toHaveBeenCalledTimes(1);
    expect(handlers.onStepBack).toHaveBeenCalledTimes(1);
  });
});
