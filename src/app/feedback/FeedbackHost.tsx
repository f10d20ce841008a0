import { useEffect } from 'react';
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
  makeStyles,
  useId,
  useToastController,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useDangerStyles } from '../../renderer/theme/danger';
import type { PendingDialog, ToastRequest } from './pending';

/** Toasts sit above the bottom tab bar, clear of the page's title and first labels. */
export const TOAST_POSITION = 'bottom' as const;
/** Distance from the bottom edge: the tab bar's height (44 px) and a gap. */
export const TOAST_OFFSET = { vertical: 64 };

const useToastStyles = makeStyles({
  // A toast only says what happened: a tap where it shows goes to what is under it (the last entry
  // of a list sits right there on a phone, and a toast sliding in mid-tap must not swallow the tap).
  toaster: { '& .fui-ToastContainer, & .fui-Toast': { pointerEvents: 'none' } },
  // Japanese and Chinese break between phrases, never inside a word (auto-phrase; keep-all where it is unknown).
  title: { wordBreak: 'keep-all', overflowWrap: 'anywhere', '@supports (word-break: auto-phrase)': { wordBreak: 'auto-phrase' as 'keep-all' } },
});

export interface FeedbackHostProps {
  /** The dialog on screen (the first of the queue), if any. */
  current: PendingDialog | undefined;
  /** Answers the current dialog. */
  settle: (confirmed: boolean) => void;
  /** Called once mounted with the function that shows a toast (toasts asked for earlier are replayed by the caller). */
  onReady: (show: (request: ToastRequest) => void) => void;
}

/**
 * The Fluent Toaster and the one dialog on screen. A chunk of its own (Fluent's dialog, toast,
 * motion and focus-trap code), loaded right after the first screen rather than before it.
 */
export default function FeedbackHost({ current, settle, onReady }: FeedbackHostProps) {
  const { t } = useTranslation();
  const toasterId = useId('ringi-toaster');
  const { dispatchToast } = useToastController(toasterId);
  const danger = useDangerStyles();
  const toastStyles = useToastStyles();

  useEffect(() => {
    onReady(({ message, intent, timeout }) =>
      dispatchToast(
        <Toast data-testid={`toast-${intent}`}>
          <ToastTitle className={toastStyles.title}>{message}</ToastTitle>
        </Toast>,
        { intent, timeout, politeness: intent === 'error' ? 'assertive' : 'polite' },
      ),
    );
  }, [dispatchToast, onReady, toastStyles.title]);

  return (
    <>
      <Toaster toasterId={toasterId} position={TOAST_POSITION} offset={TOAST_OFFSET} className={toastStyles.toaster} />
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
    </>
  );
}
