import { useId } from 'react';
import { Button, Checkbox, Text, makeStyles, tokens } from '@fluentui/react-components';
import { EditRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { DetailActions } from './detail-actions';

const useStyles = makeStyles({
  bar: {
    position: 'sticky',
    bottom: 0,
    zIndex: 1,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingVerticalS,
    backgroundColor: tokens.colorNeutralBackground1,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalS, justifyContent: 'flex-end', flexWrap: 'wrap' },
  edit: { marginRight: 'auto' },
  offline: { color: tokens.colorNeutralForeground2 },
});

/** One word per action (issue #31 item 6): the requester withdraws or pulls back; an approver steps back. */
const STEP_BACK_LABELS = {
  withdraw: 'app.approvals.actions.withdraw',
  requester: 'app.approvals.actions.pullBack',
  approver: 'app.approvals.actions.stepBack',
} as const;

export interface ActionBarProps {
  actions: DetailActions;
  busy: boolean;
  notify: boolean;
  /** False while the remembered notify choice is loading (the checkbox is disabled). */
  notifyReady?: boolean;
  onNotify(value: boolean): void;
  onApprove(): void;
  onReject(): void;
  onStepBack(): void;
  /** "Send back to…" (opens the choice of earlier steps and the requester). */
  onSendBack?(): void;
  /** "Resubmit" a document sent back to its requester. */
  onResubmit?(): void;
  /** Edit (an icon, spec 000 §2) for editable modules while the user may edit. */
  onEdit?(): void;
  /** Approve submits this form (the treasury step's) instead of calling `onApprove`. */
  approveForm?: string;
  /**
   * Offline (or reading a kept copy): only what the device's queue can hold stays enabled — a plain
   * approve or reject. The rest (step back, send back, resubmit, edit, the notify choice, an approve
   * that needs a form) is disabled but still focusable, described by a note that says it needs a connection.
   */
  offline?: boolean;
}

/** The detail page's bottom bar: notify-next checkbox, edit icon, step back, send back, reject, resubmit, approve — only what `can` allows (offline: only what can be queued is enabled). */
export function ActionBar({ actions, busy, notify, notifyReady = true, onNotify, onApprove, onReject, onStepBack, onSendBack, onResubmit, approveForm, onEdit, offline = false }: ActionBarProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const noteId = useId();
  // Disabled offline but focusable (aria-disabled), so a keyboard or screen-reader user reaches it and hears why.
  const online = (action: object = {}) => (offline ? { disabledFocusable: true, 'aria-describedby': noteId } : { disabled: busy, ...action });
  const edit = actions.edit && onEdit;
  const sendBack = actions.sendBack && onSendBack;
  const resubmit = actions.resubmit && onResubmit;
  if (!actions.approve && !actions.reject && !actions.stepBack && !actions.notifyNext && !edit && !sendBack && !resubmit) return null;
  return (
    <div className={styles.bar} role="toolbar" aria-label={t('app.approvals.actions.title')} data-testid="action-bar">
      {offline ? (
        <Text id={noteId} size={200} className={styles.offline} data-testid="offline-actions-note">{t('app.offline.actionsNote')}</Text>
      ) : null}
      {actions.notifyNext ? (
        <Checkbox checked={notify} disabled={!notifyReady || offline} aria-describedby={offline ? noteId : undefined} onChange={(_, d) => onNotify(Boolean(d.checked))} label={t('app.approvals.actions.notifyNext')} />
      ) : null}
      <div className={styles.buttons}>
        {edit ? (
          <Button className={styles.edit} appearance="subtle" icon={<EditRegular />} {...online({ onClick: onEdit })} aria-label={t('app.approvals.edit.title')} title={t('app.approvals.edit.title')} data-action="edit" />
        ) : null}
        {actions.stepBack ? (
          <Button {...online({ onClick: onStepBack })} data-action="step-back">
            {t(STEP_BACK_LABELS[actions.stepBack])}
          </Button>
        ) : null}
        {sendBack ? (
          <Button {...online({ onClick: onSendBack })} data-action="send-back">
            {t('app.approvals.actions.sendBack')}
          </Button>
        ) : null}
        {actions.reject ? (
          <Button disabled={busy} onClick={onReject}>
            {t('app.approvals.actions.reject')}
          </Button>
        ) : null}
        {resubmit ? (
          <Button appearance="primary" {...online({ onClick: onResubmit })} data-action="resubmit">
            {t('app.approvals.actions.resubmit')}
          </Button>
        ) : null}
        {actions.approve ? (
          <Button appearance="primary" {...(approveForm ? online({ type: 'submit' as const, form: approveForm }) : { disabled: busy, onClick: onApprove })}>
            {t('app.approvals.actions.approve')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
