import { useCallback, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { Button, ProgressBar, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, AttachRegular, SelectAllOffRegular, SelectAllOnRegular } from '@fluentui/react-icons';
import type { RendererHost } from '../../host';
import { useWidgetText } from '../text';
import { acceptAttribute, fileLabel, isAcceptedFile, type StoredFile } from './file-rules';
import { FileRow } from './FileRow';
import { downloadFile } from './open-file';
import { useFileOpener } from './use-file-opener';
import { useFileMutations, useFileRecords } from './use-file-records';

export const useUploaderStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, position: 'relative' },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' },
  tools: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  overlay: {
    position: 'absolute', inset: 0, zIndex: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center',
    gap: tokens.spacingVerticalXS, backgroundColor: tokens.colorBackgroundOverlay, color: tokens.colorNeutralForegroundOnBrand, minHeight: '64px',
  },
  progress: { width: '60%' },
  hint: { color: tokens.colorNeutralForeground3 },
  input: { display: 'none' },
});

/** The HTTP status of a failed host call (the app's ApiError carries `status`). */
const statusOf = (error: unknown) => (error && typeof error === 'object' ? (error as { status?: unknown }).status : undefined);

/** What the uploader needs, whether a form field (the widget) or a screen of the app renders it. */
export interface FileUploaderProps {
  /** The element id (the input's test id is `<id>-input`). */
  id: string;
  label?: string;
  host: RendererHost;
  /** The file ids the user may remove (the field's value). */
  value: number[];
  onChange(ids: number[]): void;
  /** Files listed first that stay (a document's files already filed): no delete, counted in the limit. */
  fixed?: number[];
  documentType: string;
  /** Default 10. */
  maxFiles?: number;
  /** The document type's file extensions (`["pdf"]`): the file dialog offers only these; default every accepted type. */
  accept?: readonly string[];
  readOnly?: boolean;
  disabled?: boolean;
  /** Upload is not possible yet; the hint says why. */
  blockedHint?: string | null;
  /** After an upload was added to the value. */
  onUploaded?(file: { id: number; name: string }): void;
  children?: ReactNode;
}

/**
 * Files of a form or screen (spec 000 §2/§5, 001 §2: e-invoices, application papers, deal slips,
 * photos): one file at a time through `POST /files` (multipart `file`, `document_type`) with an
 * "Uploading" overlay showing the progress; images, pdf, xlsx, xls, doc, docx and ofd only (another
 * type or a failed upload says so).
 * Each file shows a type icon, its name (50 characters), size and date; names open the file
 * (images in a gallery, others in a new window); select, select all, clear all and download work
 * on the selection. Delete asks first, then `DELETE /files/{id}`: a 409 (a filed document still
 * references it) or 404 (not this user's upload) takes the id off the value only; any other failure
 * keeps it and toasts "Failed".
 */
export function FileUploader(props: FileUploaderProps): ReactNode {
  const { host } = props;
  const text = useWidgetText();
  const styles = useUploaderStyles();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const fixed = props.fixed ?? [];
  const ids = [...fixed, ...props.value.filter((id) => !fixed.includes(id))];
  const records = useFileRecords(host, ids);
  const writes = useFileMutations(host);
  const failed = useCallback(() => host.toast(text('upload.failed'), 'error'), [host, text]);
  const opener = useFileOpener(ids, records, failed);
  const maxFiles = props.maxFiles && props.maxFiles > 0 ? props.maxFiles : 10;
  const readOnly = Boolean(props.readOnly);
  const uploading = progress !== null;
  const full = ids.length >= maxFiles;
  const latest = useRef(props.value);
  latest.current = props.value;
  const count = useRef(ids.length);
  count.current = ids.length;
  // A removed file cannot stay selected.
  const chosen = ids.filter((id) => selected.has(id));

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file || uploading || count.current >= maxFiles) return;
    if (!isAcceptedFile(file, props.accept)) {
      host.toast(text('upload.typeNotAllowed'), 'error');
      return;
    }
    const form = new FormData();
    form.append('file', file);
    form.append('document_type', props.documentType);
    setProgress(0);
    try {
      const stored = await writes.upload.mutateAsync({ form, onProgress: (fraction) => setProgress(Math.max(0, Math.min(1, fraction))) });
      const id = Number(stored?.id);
      if (!Number.isFinite(id)) throw new Error('upload answer without id');
      records.learn({ name: file.name, size: file.size, ...stored, id });
      props.onChange([...latest.current, id]);
      props.onUploaded?.({ id, name: file.name });
    } catch {
      host.toast(text('upload.failed'), 'error');
    } finally {
      setProgress(null);
    }
  };

  const remove = async (id: number, label: string) => {
    if (!(await host.confirm(text('upload.deleteConfirm', { name: label }), undefined, { danger: true }))) return;
    try {
      await writes.remove.mutateAsync(id);
    } catch (error) {
      // The host already showed the server's message; only these two still take the id off the value.
      const status = statusOf(error);
      if (status !== 409 && status !== 404) {
        failed();
        return;
      }
    }
    props.onChange(latest.current.filter((other) => other !== id));
  };

  const select = (id: number, on: boolean) =>
    setSelected((old) => {
      const next = new Set(old);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const download = async () => {
    const files = await Promise.all(chosen.map((id) => records.fresh(id)));
    const readable = files.filter((f): f is StoredFile & { url: string } => Boolean(f?.url));
    for (const file of readable) downloadFile(file.url, file.name ?? fileLabel(file, `file-${file.id}`));
    if (readable.length < chosen.length) failed();
    // Spec 000 §8 / 001 §8: a download says "Downloaded".
    else if (readable.length > 0) host.toast(text('upload.downloaded'), 'success', 2000);
  };

  return (
    <div className={styles.root} id={props.id} aria-busy={uploading || undefined}>
      {ids.length > 0 && (
        <div className={styles.tools}>
          <Button size="small" appearance="subtle" icon={<SelectAllOnRegular />} disabled={chosen.length === ids.length} onClick={() => setSelected(new Set(ids))}>
            {text('upload.selectAll')}
          </Button>
          <Button size="small" appearance="subtle" icon={<SelectAllOffRegular />} disabled={chosen.length === 0} onClick={() => setSelected(new Set())}>
            {text('upload.clearAll')}
          </Button>
          <Button size="small" appearance="subtle" icon={<ArrowDownloadRegular />} disabled={chosen.length === 0} onClick={download}>
            {text('upload.download', { n: chosen.length })}
          </Button>
        </div>
      )}
      <ul className={styles.list}>
        {ids.map((id) => {
          const file = records.files.get(id);
          const label = fileLabel(file, `#${id}`);
          return (
            <FileRow
              key={id}
              id={id}
              file={file}
              showDate
              selected={selected.has(id)}
              onSelect={(on) => select(id, on)}
              onOpen={() => void opener.open(id)}
              onDelete={readOnly || fixed.includes(id) ? undefined : () => void remove(id, label)}
              busy={props.disabled || uploading}
            />
          );
        })}
      </ul>
      {uploading && (
        <div className={styles.overlay} role="status" aria-live="polite">
          <Spinner size="tiny" label={`${text('upload.uploading')} ${text('upload.progress', { percent: Math.round((progress ?? 0) * 100) })}`} />
          <ProgressBar className={styles.progress} value={progress ?? 0} max={1} aria-label={text('upload.uploading')} />
        </div>
      )}
      {!readOnly && (
        <>
          <input ref={input} className={styles.input} type="file" accept={acceptAttribute(props.accept)} aria-label={props.label || text('upload.select')} onChange={upload} data-testid={`${props.id}-input`} />
          <Button appearance="secondary" icon={<AttachRegular />} disabled={props.disabled || uploading || full || Boolean(props.blockedHint)} onClick={() => input.current?.click()}>
            {text('upload.select')}
          </Button>
          {full && <Text size={200} className={styles.hint}>{text('upload.limit', { count: maxFiles })}</Text>}
          {props.blockedHint && <Text size={200} className={styles.hint}>{props.blockedHint}</Text>}
          {props.children}
        </>
      )}
      {opener.gallery}
    </div>
  );
}
