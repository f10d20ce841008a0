import { lazy, Suspense, useState } from 'react';
import { Button, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { CheckboxCheckedRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../navigation';
import { ApprovalList } from './ApprovalList';
import type { ListKind } from './types';

// Approving many at once opens on demand: the list itself does not download it.
const BulkApprovePanel = lazy(async () => ({ default: (await import('./bulk/BulkApprovePanel')).BulkApprovePanel }));

/** Parameters of an approval list page. */
export interface ApprovalListPageParams {
  kind: ListKind;
}

const useStyles = makeStyles({
  page: { padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`, minWidth: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  start: { alignSelf: 'flex-start' },
});

/**
 * An approval list as a page: Pending (`/approvals/my`), Done (`?isDone=1`), Initiated
 * (`/my-buffers`) or Forwarded (`/buffer/forwarded`). Push it titled `app.approvals.lists.<kind>`.
 * Pending also offers "Select to approve" (一括承認, issue #33 item 4): the list becomes the bulk
 * screen (`bulk/BulkApprovePanel`) until the user stops selecting.
 */
export function ApprovalListPage({ params }: PageProps<ApprovalListPageParams>) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [selecting, setSelecting] = useState(false);
  const pending = params.kind === 'pending';
  return (
    <section className={styles.page} data-testid="approval-list-page">
      {pending && selecting ? (
        <Suspense fallback={<Spinner size="small" />}>
          <BulkApprovePanel onClose={() => setSelecting(false)} />
        </Suspense>
      ) : (
        <>
          {pending ? <Button className={styles.start} appearance="secondary" icon={<CheckboxCheckedRegular />} onClick={() => setSelecting(true)}>{t('app.approvals.bulk.start')}</Button> : null}
          <ApprovalList kind={params.kind} />
        </>
      )}
    </section>
  );
}
