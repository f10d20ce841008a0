import { Card, CardHeader, Checkbox, Text, makeStyles, tokens } from '@fluentui/react-components';
import { DocumentRegular, ImageRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { toDisplayDate } from '../../../../engine';
import { ApprovalCard } from '../../approvals/ApprovalCard';
import type { BufferItem } from '../../approvals/types';
import type { FoundFile } from '../../../../wire/files';

/** An application search result (spec 001 §3): a buffer item. */
export type SearchDocument = BufferItem;

/** A file of the files tab, with its document (the wire shape). */
export type { FoundFile };

const useStyles = makeStyles({
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  card: { flexGrow: 1, minWidth: 0, cursor: 'pointer' },
  name: { overflowWrap: 'anywhere' },
});

/** An application: the approval lists' card (title, code, applicant, status, summary). */
export function ApplicationRow({ doc, onOpen }: { doc: SearchDocument; onOpen(): void }) {
  return <ApprovalCard item={doc} onOpen={onOpen} />;
}

/** A file: icon, name, document code, size and date; a checkbox while selecting. */
export function FileRow({ file, selecting, selected, onSelect, onOpen }: {
  file: FoundFile; selecting: boolean; selected: boolean; onSelect(on: boolean): void; onOpen(): void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <div className={styles.row} data-testid="found-file">
      {selecting ? <Checkbox aria-label={t('statistic.search.selectFile', { name: file.name })} checked={selected} onChange={(_, d) => onSelect(Boolean(d.checked))} /> : null}
      <Card className={styles.card} role="button" aria-label={file.name} onClick={onOpen}>
        <CardHeader
          image={file.type === 'image' ? <ImageRegular fontSize={24} /> : <DocumentRegular fontSize={24} />}
          header={<Text weight="semibold" className={styles.name}>{file.name}</Text>}
          description={<Text size={200}>{`${file.buffer.code} · ${file.size_string} · ${toDisplayDate(file.created_at)}`}</Text>}
        />
      </Card>
    </div>
  );
}
