import { useEffect, useRef } from 'react';
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { BulkApproveItemResult } from '../../../../wire/bulk-approvals';
import { labelValue } from '../../../../engine';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, padding: tokens.spacingHorizontalM, border: `1px solid ${tokens.colorNeutralStroke1}`, borderRadius: tokens.borderRadiusMedium },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  done: { color: tokens.colorPaletteGreenForeground1 },
  skipped: { color: tokens.colorPaletteDarkOrangeForeground1 },
  failed: { color: tokens.colorPaletteRedForeground1 },
});

/**
 * What a bulk approval did, item by item (done / skipped / failed, each with its reason), and a
 * summary line. A plain region (Fluent's MessageBar does not run in jsdom) that takes the focus
 * when it appears, so a screen reader reads the outcome.
 */
export function BulkResults({ results, onDismiss }: { results: Array<BulkApproveItemResult & { code: string }>; onDismiss(): void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [results]);
  const count = (status: BulkApproveItemResult['status']) => results.filter((r) => r.status === status).length;
  return (
    <section className={styles.root} aria-labelledby="bulk-results-title" data-testid="bulk-results">
      <h3 id="bulk-results-title" ref={heading} tabIndex={-1} style={{ margin: 0 }}>{t('app.approvals.bulk.results')}</h3>
      <Text role="status">{t('app.approvals.bulk.summary', { done: count('done'), skipped: count('skipped'), failed: count('failed') })}</Text>
      <ul className={styles.list}>
        {results.map((r) => (
          <li key={r.id} data-result={r.status}>
            <Text weight="semibold">{labelValue(t, r.code, '')}</Text>
            <Text className={styles[r.status]}>{t(`app.approvals.bulk.status.${r.status}`)}</Text>
            {r.message ? <Text block size={200}>{r.message}</Text> : null}
          </li>
        ))}
      </ul>
      <Button appearance="subtle" onClick={onDismiss}>{t('app.approvals.bulk.dismiss')}</Button>
    </section>
  );
}
