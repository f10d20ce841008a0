import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Field, Spinner, Text, Textarea, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useRendererHost } from '../../../renderer/host';
import type { StepActionResult } from '../../../wire/workflow';
import type { PageProps } from '../../navigation';
import { invalidateDocuments } from '../../api/queries';
import { ApprovalCard } from '../approvals/ApprovalCard';
import { openDetail } from '../approvals/open-detail';
import { mailActionOptions, mailActionPath } from './mail-action-query';

/** The page of a mail link `/m/{token}`: its token, and what "back to Ringi" does (the shell opens Home). */
export interface MailActionParams {
  token: string;
  onDone(): void;
}

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalL, overflowY: 'auto', height: '100%', boxSizing: 'border-box' },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  button: { flexGrow: 1, minHeight: '44px' },
  // A plain notice (Fluent's MessageBar measures itself with ResizeObserver, which this page need not load).
  notice: { padding: tokens.spacingHorizontalM, borderRadius: tokens.borderRadiusMedium },
  warning: { backgroundColor: tokens.colorPaletteYellowBackground1 },
  success: { backgroundColor: tokens.colorPaletteGreenBackground1 },
  error: { backgroundColor: tokens.colorPaletteRedBackground1 },
});

/**
 * The confirm page of an Approve or Reject link from a "waiting for your approval" mail (issue #33
 * item 1): the document's card, the step, a comment (required to reject) and the buttons. Opening
 * it changes nothing (mail scanners open links); only a button acts, as the signed-in approver the
 * link was mailed to. A link that no longer acts says why.
 */
export function MailActionPage({ params }: PageProps<MailActionParams>) {
  const { t } = useTranslation();
  const host = useRendererHost();
  const styles = useStyles();
  const queryClient = useQueryClient();
  const view = useQuery(mailActionOptions(host.api, params.token));
  const [comment, setComment] = useState('');
  const [commentMissing, setCommentMissing] = useState(false);
  const decide = useMutation({
    mutationFn: (approve: boolean) => host.api.post<StepActionResult>(mailActionPath(params.token), { approve, ...(comment.trim() ? { comment: comment.trim() } : {}) }),
    onSuccess: () => void invalidateDocuments(queryClient),
    // A refusal (the app's toast said why): read the link again, so the page shows that it no longer acts.
    onError: () => void view.refetch(),
  });

  if (view.isPending) return <div className={styles.page}><Spinner label={t('app.mailAction.loading')} /></div>;
  const back = <Button appearance="secondary" className={styles.button} onClick={params.onDone}>{t('app.mailAction.home')}</Button>;
  if (view.isError) {
    return (
      <div className={styles.page}>
        <Text role="alert" className={mergeClasses(styles.notice, styles.error)}>{t('app.mailAction.unknown')}</Text>
        {back}
      </div>
    );
  }
  const data = view.data;
  const done = decide.isSuccess ? (decide.variables ? 'approved' : 'rejected') : null;
  const submit = (approve: boolean) => {
    if (!approve && !comment.trim()) {
      setCommentMissing(true);
      return;
    }
    decide.mutate(approve);
  };
  const usable = data.usable && done === null;
  return (
    <div className={styles.page} data-testid="mail-action">
      <Text as="h2" size={500} weight="semibold">{t(data.approve ? 'app.mailAction.approveTitle' : 'app.mailAction.rejectTitle')}</Text>
      {data.buffer ? (
        <ApprovalCard
          item={data.buffer}
          onBehalfOf={data.on_behalf_of?.name}
          onOpen={() => void openDetail(host, data.buffer!.code, { documentId: data.buffer!.id })}
        />
      ) : null}
      {data.step ? <Text>{t('app.mailAction.step', { step: data.step.name })}</Text> : null}
      {done ? (
        <Text role="status" className={mergeClasses(styles.notice, styles.success)}>{t(done === 'approved' ? 'app.mailAction.approved' : 'app.mailAction.rejected')}</Text>
      ) : null}
      {!data.usable && done === null ? (
        <Text role="status" className={mergeClasses(styles.notice, styles.warning)} data-reason={data.reason ?? undefined}>{data.message}</Text>
      ) : null}
      {usable ? (
        <>
          <Field
            label={t('app.mailAction.comment')}
            hint={t('app.mailAction.commentHint')}
            validationState={commentMissing && !comment.trim() ? 'error' : 'none'}
            validationMessage={commentMissing && !comment.trim() ? t('app.mailAction.commentRequired') : undefined}
          >
            <Textarea value={comment} maxLength={2000} resize="vertical" onChange={(_, value) => setComment(value.value)} />
          </Field>
          {data.needs_app_to_approve ? <Text>{t('app.mailAction.approveInApp')}</Text> : null}
          <div className={styles.buttons}>
            {data.needs_app_to_approve ? null : (
              <Button appearance={data.approve ? 'primary' : 'secondary'} className={styles.button} disabled={decide.isPending} onClick={() => submit(true)}>
                {t('app.mailAction.approve')}
              </Button>
            )}
            <Button appearance={data.approve ? 'secondary' : 'primary'} className={styles.button} disabled={decide.isPending} onClick={() => submit(false)}>
              {t('app.mailAction.reject')}
            </Button>
          </div>
        </>
      ) : back}
    </div>
  );
}
