import { Card, CardHeader, Text, makeStyles, tokens, type CardProps } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
// Single files, not the engine and renderer indexes: Home shows these cards, and the indexes pull
// in code that compiles schemas at load (refused by the CSP in the browser) and the whole renderer.
import { toDisplayDate } from '../../../engine/dates/to-display-date';
import { formatMoney } from '../../../engine/money/format-money';
import { useRendererHost } from '../../../renderer/host';
import { DocumentNumbers } from './DocumentNumbers';
import { StatusBadge } from './StatusBadge';
import type { BufferItem } from './types';

const useStyles = makeStyles({
  card: { cursor: 'pointer' },
  line: { display: 'flex', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  muted: { color: tokens.colorNeutralForeground3 },
  sentBack: { color: tokens.colorPaletteDarkOrangeForeground1 },
  // Spec 000 §4: a delete request's action title is red, so it never reads as a create. On the
  // title's own span: the Card gives every Text inside it `currentColor` with a stronger selector
  // (.card .fui-Text), which beat a class on the Text itself (the title showed black).
  delete: { color: tokens.colorPaletteRedForeground1 },
});

function summaryValue(line: BufferItem['info']['summary'][number], currency: string | null, lang: 'en' | 'ja' | 'zh'): string {
  const { value, format } = line;
  if (value === null || value === undefined || value === '') return '';
  if (format === 'money') return `${formatMoney(value as number | string, currency, lang)}${currency ? ` ${currency}` : ''}`;
  if (format === 'date') return toDisplayDate(String(value));
  if (format === 'count') return String(Array.isArray(value) ? value.length : value);
  return typeof value === 'object' ? '' : String(value);
}

/**
 * A document in an approval list: title (the module's title), code, applicant, status badge
 * and the list-card summary the server derived (`info`); on the pending list of a deputy, whom a
 * step waits for; on the requester's own pending list, that the document was sent back to them.
 * Tapping opens the detail page. `appearance` "subtle" draws no frame of its own, for a list that
 * frames the card together with a row of its own (回覧's read state).
 */
export function ApprovalCard({ item, onOpen, onBehalfOf, sentBackToYou = false, appearance }: {
  item: BufferItem; onOpen(): void; onBehalfOf?: string; sentBackToYou?: boolean; appearance?: CardProps['appearance'];
}) {
  const { t } = useTranslation();
  const host = useRendererHost();
  const styles = useStyles();
  const info = item.info ?? { title: item.module.code, total: null, currency: null, summary: [] };
  const lines = info.summary.filter((line) => summaryValue(line, info.currency, host.language) !== '');
  return (
    <Card
      className={styles.card}
      appearance={appearance}
      onClick={onOpen}
      role="button"
      aria-label={`${info.title} ${item.code}`}
      data-code={item.code}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          onOpen();
        }
      }}
    >
      <CardHeader
        header={<Text weight="semibold"><span className={item.action === 'delete' ? styles.delete : undefined} data-action={item.action}>{info.title}</span></Text>}
        description={<Text>{item.code}</Text>}
        action={<StatusBadge status={item.status} waitingFor={item.waiting_for} bypass={item.bypass === true} urgent={item.urgent === true} />}
      />
      <Text className={styles.muted}>{t('app.approvals.applicant', { name: item.requester?.name ?? '' })}</Text>
      <DocumentNumbers item={item} className={styles.muted} />
      {/* A step waiting for someone the reader stands in for (deputy, 代理). */}
      {onBehalfOf ? <Text weight="semibold" data-on-behalf-of>{t('app.approvals.asDeputy', { name: onBehalfOf })}</Text> : null}
      {/* Sent back to the reader, its requester: their to-do (fix and resubmit, or withdraw). */}
      {sentBackToYou ? <Text weight="semibold" className={styles.sentBack} data-sent-back-to-you>{t('app.approvals.sentBackToYou')}</Text> : null}
      {lines.length === 0 && info.total !== null ? (
        <div className={styles.line}>
          <Text className={styles.muted}>{t('app.approvals.total')}</Text>
          <Text>{`${formatMoney(info.total, info.currency, host.language)}${info.currency ? ` ${info.currency}` : ''}`}</Text>
        </div>
      ) : null}
      {lines.map((line) => (
        <div key={line.field} className={styles.line}>
          <Text className={styles.muted}>{line.label}</Text>
          <Text>{summaryValue(line, info.currency, host.language)}</Text>
        </div>
      ))}
    </Card>
  );
}
