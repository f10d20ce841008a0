import type { ReactElement } from 'react';
import { Button, CounterBadge, makeStyles, tokens } from '@fluentui/react-components';
import { CheckmarkCircleRegular, ClockRegular, ArrowForwardRegular, SendRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { APPROVAL_LIST_COUNT_CAP } from '../../../wire/list-query';
import { LIST_KINDS, type ListKind } from '../approvals/types';

const useStyles = makeStyles({
  grid: { display: 'grid', gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: tokens.spacingHorizontalXS },
  tile: { display: 'flex', flexDirection: 'column', minWidth: 0, gap: tokens.spacingVerticalXXS, height: 'auto', minHeight: '72px', padding: tokens.spacingVerticalXS, position: 'relative', whiteSpace: 'normal' },
  badge: { position: 'absolute', top: tokens.spacingVerticalXXS, right: tokens.spacingHorizontalXS },
});

const ICONS: Record<ListKind, ReactElement> = {
  pending: <ClockRegular />,
  done: <CheckmarkCircleRegular />,
  initiated: <SendRegular />,
  forwarded: <ArrowForwardRegular />,
};

/** Home's four shortcuts (spec 000 §2): Pending with the waiting count, Done, Initiated, Forwarded. */
export function ApprovalShortcuts({ pendingCount, onOpen }: { pendingCount: number | null; onOpen(kind: ListKind): void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <nav className={styles.grid} aria-label={t('app.home.shortcuts')}>
      {LIST_KINDS.map((kind) => {
        const label = t(`app.approvals.lists.${kind}`);
        const count = kind === 'pending' && pendingCount ? pendingCount : 0;
        return (
          <Button
            key={kind}
            className={styles.tile}
            appearance="subtle"
            icon={ICONS[kind]}
            data-shortcut={kind}
            aria-label={count ? t(count >= APPROVAL_LIST_COUNT_CAP ? 'app.home.pendingWithCountAtLeast' : 'app.home.pendingWithCount', { count }) : label}
            onClick={() => onOpen(kind)}
          >
            {label}
            {count ? <CounterBadge className={styles.badge} count={count} overflowCount={99} size="small" data-testid="pending-badge" /> : null}
          </Button>
        );
      })}
    </nav>
  );
}
