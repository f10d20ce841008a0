import type { ReactNode } from 'react';
import { Button, Checkbox, Link, Text, makeStyles, tokens } from '@fluentui/react-components';
import { DeleteRegular } from '@fluentui/react-icons';
import { useDangerStyles } from '../../theme/danger';
import { useWidgetText } from '../text';
import { fileKind, fileSizeLabel, formatFileDate } from './file-format';
import { fileLabel, type StoredFile } from './file-rules';
import { FileKindIcon } from './FileKindIcon';

const useStyles = makeStyles({
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minHeight: '36px' },
  main: { display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0 },
  name: { textAlign: 'start', wordBreak: 'break-all' },
  meta: { color: tokens.colorNeutralForeground3 },
});

/**
 * One file of a list: optional select box, type icon, name (opens it), size and date, optional
 * delete. The name is truncated at 50 characters; `#id` while the record is loading.
 */
export function FileRow(props: {
  id: number;
  file: StoredFile | undefined;
  showDate?: boolean;
  selected?: boolean;
  onSelect?(selected: boolean): void;
  onOpen(): void;
  onDelete?(): void;
  busy?: boolean;
  /** A note under the name (a file not kept offline, with its size). */
  note?: string;
  /** The name does not open the file (offline, no copy kept): still focusable, described by the note. */
  unavailable?: boolean;
}): ReactNode {
  const text = useWidgetText();
  const styles = useStyles();
  const danger = useDangerStyles();
  const { file } = props;
  const label = fileLabel(file, `#${props.id}`);
  const details = [fileSizeLabel(file), props.showDate ? formatFileDate(file?.created_at) : ''].filter(Boolean).join(' · ');
  const noteId = `file-note-${props.id}`;
  return (
    <li className={styles.row} data-file-id={props.id}>
      {props.onSelect && (
        <Checkbox checked={Boolean(props.selected)} aria-label={text('upload.choose', { name: label })} onChange={(_, data) => props.onSelect?.(data.checked === true)} />
      )}
      <FileKindIcon kind={fileKind(file)} />
      <span className={styles.main}>
        <Link as="button" type="button" className={styles.name} disabled={!file} disabledFocusable={Boolean(file) && props.unavailable === true} aria-describedby={props.note ? noteId : undefined} title={file?.name} onClick={(event) => {
          // Inside a list card the row itself opens the document: the file link must not.
          event.stopPropagation();
          props.onOpen();
        }}>
          {label}
        </Link>
        {details && !props.note && <Text size={200} className={styles.meta}>{details}</Text>}
        {props.note && <Text size={200} className={styles.meta} id={noteId} data-testid="file-note">{props.note}</Text>}
      </span>
      {props.onDelete && (
        <Button appearance="transparent" className={danger.quiet} data-danger icon={<DeleteRegular />} aria-label={text('upload.delete', { name: label })} disabled={props.busy} onClick={props.onDelete} />
      )}
    </li>
  );
}
