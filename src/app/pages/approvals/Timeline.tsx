import type { ReactElement } from 'react';
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { CheckmarkCircleFilled, CircleRegular, DismissCircleFilled, ArrowClockwiseRegular, PersonCircleRegular, SubtractCircleRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { listText, StepStatus, stepMode, toDisplayTimestamp } from '../../../engine';
import { stepIndicator, type StepIndicator } from './step-indicator';
import type { DocumentView, LogEntry, StepView } from './types';

const useStyles = makeStyles({
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: { display: 'grid', gridTemplateColumns: '24px 1fr', columnGap: tokens.spacingHorizontalS },
  body: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  muted: { color: tokens.colorNeutralForeground3 },
  done: { color: tokens.colorPaletteGreenForeground1 },
  rejected: { color: tokens.colorPaletteRedForeground1 },
  inProgress: { color: tokens.colorPaletteYellowForeground2 },
  waiting: { color: tokens.colorNeutralForeground3 },
  skipped: { color: tokens.colorNeutralForeground3 },
  decisions: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' },
  decision: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
});

const ICONS: Record<StepIndicator, ReactElement> = {
  done: <CheckmarkCircleFilled />,
  rejected: <DismissCircleFilled />,
  inProgress: <ArrowClockwiseRegular />,
  waiting: <CircleRegular />,
  skipped: <SubtractCircleRegular />,
};

/** A step that needs more than one approval (合議 `all`, or `quorum`) while it is being decided. */
function isCommittee(step: StepView): boolean {
  return (step.required ?? 1) > 1 && step.status === StepStatus.PENDING;
}

/**
 * Each approver's decision within a 合議 or quorum step: "n of m approved" (m = the approvals
 * that pass it), then every approver, approved or pending.
 */
function Decisions({ step }: { step: StepView }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const decided = new Set((step.decided ?? []).map((u) => u.id));
  return (
    <>
      <Text size={200} data-testid="step-decisions-count">
        {t(`app.approvals.timeline.${stepMode(step.mode)?.progressKey ?? 'allCount'}`, { count: decided.size, required: step.required, total: step.prospective_approvers.length })}
      </Text>
      <ul className={styles.decisions} aria-label={t('app.approvals.timeline.decisions')}>
        {step.prospective_approvers.map((person) => {
          const approved = decided.has(person.id);
          return (
            <li key={person.id} className={styles.decision} data-decision={approved ? 'approved' : 'pending'}>
              <span className={approved ? styles.done : styles.waiting} aria-hidden>{approved ? <CheckmarkCircleFilled /> : <CircleRegular />}</span>
              <Text size={200}>{t(`app.approvals.timeline.${approved ? 'approvedBy' : 'pendingFor'}`, { name: person.name })}</Text>
            </li>
          );
        })}
      </ul>
    </>
  );
}

/** 代理申請 (issue #36): "Filed by B for A" when someone filed the document for its requester. */
function FiledBy({ doc }: { doc: DocumentView }) {
  const { t } = useTranslation();
  const submitted = doc.approval_logs.find((log) => (log.action === 'submit' || log.action === 'bypass') && log.on_behalf_of && log.user && log.user.id !== log.on_behalf_of.id);
  if (!submitted?.user || !submitted.on_behalf_of) return null;
  return <Text size={200} data-testid="filed-by">{t('app.approvals.timeline.filedBy', { filer: submitted.user.name, principal: submitted.on_behalf_of.name })}</Text>;
}

function Logs({ logs }: { logs: LogEntry[] }) {
  const styles = useStyles();
  return (
    <>
      {logs.map((log, i) => (
        <Text key={i} size={200} className={styles.muted}>
          {`${log.log_text} · `}<time dateTime={log.created_at}>{toDisplayTimestamp(log.created_at)}</time>
        </Text>
      ))}
    </>
  );
}

/**
 * The process timeline: the requester ("initiated", with the submit/withdraw/edit logs), then
 * one row per step with its indicator, the approver (or the candidates while not handled) and
 * the step's logs, timestamps YYYY/MM/DD HH:mm (in `<time>` elements). A 合議 or quorum step
 * being decided lists each approver's decision ("2 of 3 approved"); a step the route skipped
 * says why (the requester holds the post, or nobody does).
 */
export function Timeline({ doc }: { doc: DocumentView }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <ol className={styles.list} aria-label={t('app.approvals.timeline.title')} data-testid="timeline">
      <li className={styles.row} data-indicator="initiated">
        <span className={styles.done} aria-hidden>
          <PersonCircleRegular />
        </span>
        <div className={styles.body}>
          <Text weight="semibold">{doc.requester.name}</Text>
          <FiledBy doc={doc} />
          <Text size={200}>{`${t('app.approvals.timeline.initiated')} · `}<time dateTime={doc.created_at}>{toDisplayTimestamp(doc.created_at)}</time></Text>
          <Logs logs={doc.approval_logs.filter((log) => log.action !== 'submit')} />
        </div>
      </li>
      {doc.approvals.map((step) => {
        const indicator = stepIndicator(step);
        const people = step.approver && step.status !== StepStatus.PENDING ? [step.approver] : step.prospective_approvers;
        return (
          <li key={step.id} className={styles.row} data-indicator={indicator} data-step={step.id}>
            <span className={styles[indicator]} role="img" aria-label={t(`app.approvals.timeline.${indicator}`)}>
              {ICONS[indicator]}
            </span>
            <div className={styles.body}>
              <Text weight="semibold">{step.master_process.process.name}</Text>
              <Text size={200}>
                {t(`app.approvals.timeline.${indicator}`)}
                {step.approved_at && step.status !== StepStatus.PENDING ? <>{' · '}<time dateTime={step.approved_at}>{toDisplayTimestamp(step.approved_at)}</time></> : null}
              </Text>
              {indicator === 'skipped' ? (
                <Text size={200} className={styles.muted} data-testid="skip-reason">
                  {step.skipped ? t(`app.approvals.timeline.skippedReason.${step.skipped === 'requester' ? 'requester' : 'vacant'}`) : step.skipped_reason ?? ''}
                </Text>
              ) : isCommittee(step) ? <Decisions step={step} /> : (
                <Text size={200}>
                  {step.on_behalf_of && step.approver && step.status !== StepStatus.PENDING
                    ? t('app.approvals.timeline.onBehalf', { deputy: step.approver.name, principal: step.on_behalf_of.name })
                    : listText(t, people.map((p) => p.name))}
                </Text>
              )}
              <Logs logs={step.approval_logs} />
            </div>
          </li>
        );
      })}
    </ol>
  );
}
