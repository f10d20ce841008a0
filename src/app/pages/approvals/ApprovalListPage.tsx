import { makeStyles, tokens } from '@fluentui/react-components';
import type { PageProps } from '../../navigation';
import { ApprovalList } from './ApprovalList';
import type { ListKind } from './types';

/** Parameters of an approval list page. */
export interface ApprovalListPageParams {
  kind: ListKind;
}

const useStyles = makeStyles({
  page: { padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`, minWidth: 0 },
});

/**
 * An approval list as a page: Pending (`/approvals/my`), Done (`?isDone=1`), Initiated
 * (`/my-buffers`) or Forwarded (`/buffer/forwarded`). Push it titled `app.approvals.lists.<kind>`.
 */
export function ApprovalListPage({ params }: PageProps<ApprovalListPageParams>) {
  const styles = useStyles();
  return (
    <section className={styles.page} data-testid="approval-list-page">
      <ApprovalList kind={params.kind} />
    </section>
  );
}
