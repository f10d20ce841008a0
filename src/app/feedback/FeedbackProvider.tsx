import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Toast,
  ToastTitle,
  Toaster,
  useId,
  useToastController,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useDangerStyles } from '../../renderer/theme/danger';
import { FeedbackContext, TOAST_DURATION_MS, type DialogOptions, type Feedback, type ToastIntent } from './feedback-context';

interface PendingDialog {
  id: number;
  kind: 'alert' | 'confirm';
  title: string;
  message: string;
  lng?: string;
  danger?: boolean;
  /** What had focus when the dialog was asked for: focus returns there when the last dialog closes. */
  opener: HTMLElement | null;
  resolve: (confirmed: boolean) => void;
}

/**
 * Hosts the Fluent Toaster and one dialog at a time (later requests wait their turn,
 * so alerts are shown one by one as the spec asks). Fluent's Dialog traps focus.
 */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const toasterId = useId('ringi-toaster');
  const { dispatchToast } = useToastController(toasterId);
  const [dialogs, setDialogs] = useState<PendingDialog[]>([]);
  const nextId = useRef(1);
  const danger = useDangerStyles();

  const open = useCallback((kind: PendingDialog['kind'], title: string, message: string, options?: DialogOptions) => {
    return new Promise<boolean>((resolve) => {
      const focused = document.activeElement;
      const opener = focused instanceof HTMLElement && focused !== document.body ? focused : null;
      setDialogs((queue) => [...queue, { id: nextId.current++, kind, title, message, lng: options?.lng, danger: options?.danger, opener, resolve }]);
    });
  }, []);

  const feedback = useMemo<Feedback>(
    () => ({
      toast(message: string, intent: ToastIntent = 'info', durationMs?: number) {
        dispatchToast(
          <Toast data-testid={`toast-${intent}`}>
            <ToastTitle>{message}</ToastTitle>
          </Toast>,
          { intent, timeout: durationMs ?? TOAST_DURATION_MS[intent], politeness: intent === 'error' ? 'assertive' : 'polite' },
        );
      },
      confirm: (message, title, options) =>
        open('confirm', title ?? t('app.common.confirmTitle', { lng: options?.lng }), message, options),
      alert: async (title, message, options) => {
        await open('alert', title, message, options);
      },
    }),
    [dispatchToast, open, t],
  );

  const current = dialogs[0];
  // The dialogs are opened from code (no Fluent trigger to restore focus to): when the last one
  // closes, focus goes back to the control that asked for the first of them, if still usable.
  const shown = useRef<PendingDialog | undefined>(undefined);
  useEffect(() => {
    const before = shown.current;
    if (current && !shown.current) shown.current = current;
    if (!current && before) {
      shown.current = undefined;
      const opener = before.opener;
      if (opener?.isConnected && !opener.closest('[inert]')) opener.focus();
    }
  }, [current]);
  const settle = (confirmed: boolean) => {
    if (!current) return;
    current.resolve(confirmed);
    setDialogs((queue) => queue.filter((dialog) => dialog.id !== current.id));
  };

  return (
    <FeedbackContext.Provider value={feedback}>
      {children}
      <Toaster toasterId={toasterId} position="top" />
      {current && (
        <Dialog
          key={current.id}
          open
          modalType="alert"
          onOpenChange={(_, data) => {
            if (!data.open) settle(false);
          }}
        >
          <DialogSurface aria-describedby={`ringi-dialog-${current.id}`}>
            <DialogBody>
              <DialogTitle>{current.title}</DialogTitle>
              <DialogContent id={`ringi-dialog-${current.id}`}>{current.message}</DialogContent>
              <DialogActions>
                {current.kind === 'confirm' && (
                  <Button appearance="secondary" onClick={() => settle(false)}>
                    {t('app.common.cancel', { lng: current.lng })}
                  </Button>
                )}
                <Button appearance="primary" className={current.danger ? danger.solid : undefined} data-danger={current.danger || undefined} onClick={() => settle(true)}>
                  {t('app.common.ok', { lng: current.lng })}
                </Button>
              </DialogActions>
            </DialogBody>
          </DialogSurface>
        </Dialog>
      )}
    </FeedbackContext.Provider>
  );
}
