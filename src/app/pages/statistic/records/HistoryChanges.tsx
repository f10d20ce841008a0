import { Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { labelValue, type CompiledModule } from '../../../../engine';
import { fieldLabel, useRendererT } from '../../../../renderer';
import { ChangedValue } from '../../approvals/ChangedValue';
import type { HistoryEntry } from '../../../../wire/records';

/** The document's own columns the history records beside its data (migration 0900), as the module's field they are. */
const COLUMN_FIELDS: Record<string, string> = { $company_id: 'company_id' };

export interface HistoryChangesProps {
  entry: HistoryEntry;
  module: CompiledModule;
  /** The document's data now (the currency a money value is in). */
  data: Record<string, unknown>;
}

/**
 * What one history entry changed, for a document's reader: each field by its label, before →
 * after as the detail card reads values (status by its name, ids by their names), never the
 * stored keys (`$status`, `company_id`) or raw codes. A filing lists nothing (it is the document);
 * a comment shows its text.
 */
export function HistoryChanges({ entry, module, data }: HistoryChangesProps) {
  const { t } = useTranslation();
  const mt = useRendererT(module);
  if (entry.kind === 'filed' || entry.kind === 'comment-withdrawn') return null;
  // A comment (issue #33 item 5) is no change of the document's data: its text, as written (the withdrawal's kind says the rest).
  if (entry.kind === 'comment') {
    const comment = (entry.after?.comment ?? {}) as { body?: unknown };
    return typeof comment.body === 'string' ? <Text size={200} style={{ whiteSpace: 'pre-wrap' }} data-comment-entry>{`“${comment.body}”`}</Text> : null;
  }
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const value = (key: string, v: unknown) => key === '$status'
    ? <>{v === null || v === undefined ? '—' : t(`app.approvals.status.${String(v)}`, { defaultValue: String(v) })}</>
    : <ChangedValue module={module} field={COLUMN_FIELDS[key] ?? key} value={v} data={data} />;
  const label = (key: string) => key === '$status' ? t('statistic.records.statusField') : fieldLabel(module, COLUMN_FIELDS[key] ?? key, mt);
  return (
    <ul style={{ margin: 0, paddingLeft: 0, listStyleType: 'none' }}>
      {keys.map((key) => (
        <li key={key} data-change={key}>
          <Text size={200}>{labelValue(t, label(key), '')}</Text>
          <Text size={200}>{value(key, before[key])}</Text>
          <Text size={200}>{' → '}</Text>
          <Text size={200}>{value(key, after[key])}</Text>
        </li>
      ))}
    </ul>
  );
}
