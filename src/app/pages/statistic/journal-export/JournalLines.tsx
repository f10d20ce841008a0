import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { toDisplayDate } from '../../../../engine';
import type { JournalPreview } from '../../../../wire/journals';

type Journal = JournalPreview['journals'][number];
type Posting = NonNullable<Journal['lines'][number]['debit']>;

// A journal is a card; each line stacks its debit over its credit on a phone and puts them side
// by side from 600 px. Nothing scrolls sideways: long account names wrap.
const useStyles = makeStyles({
  journals: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  journal: {
    display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium, border: `1px solid ${tokens.colorNeutralStroke2}`, minWidth: 0,
  },
  head: { display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: tokens.spacingHorizontalS, overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground3 },
  lines: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  line: {
    display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', columnGap: tokens.spacingHorizontalL, rowGap: '2px',
    paddingTop: tokens.spacingVerticalXS, borderTop: `1px solid ${tokens.colorNeutralStroke3}`,
    '@media (min-width: 600px)': { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)' },
  },
  posting: { display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr) auto', columnGap: tokens.spacingHorizontalS, alignItems: 'baseline', minWidth: 0 },
  credit: { '@media (min-width: 600px)': { gridColumnStart: 2 } },
  side: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  account: { overflowWrap: 'anywhere', minWidth: 0 },
  amount: { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
});

/**
 * The preview's journals (Statistic → Journal export): one card per journal (document and date)
 * listing its lines, each with its debit and credit account / sub-account and amount, labelled.
 */
export function JournalLines({ journals }: { journals: Journal[] }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const money = (n: number) => n.toLocaleString(i18n.language);
  const posting = (side: 'debit' | 'credit', p: Posting) => (
    <div className={side === 'credit' ? `${styles.posting} ${styles.credit}` : styles.posting} data-side={side}>
      <span className={styles.side}>{t(`statistic.journals.${side}`)}</span>
      <span className={styles.account}>{[p.account, p.sub_account].filter(Boolean).join(' / ')}</span>
      <span className={styles.amount}>{money(p.amount)}</span>
    </div>
  );
  return (
    <ul className={styles.journals} aria-label={t('statistic.journals.lines')}>
      {journals.map((j) => (
        <li key={j.buffer_id} className={styles.journal} data-testid="journal" aria-label={j.code}>
          <div className={styles.head}>
            <Text weight="semibold">{j.code}</Text>
            <Text className={styles.muted}>{toDisplayDate(j.date)}</Text>
          </div>
          <ul className={styles.lines}>
            {j.lines.map((line, i) => (
              <li key={i} className={styles.line} data-testid="journal-line">
                {line.debit ? posting('debit', line.debit) : null}
                {line.credit ? posting('credit', line.credit) : null}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
