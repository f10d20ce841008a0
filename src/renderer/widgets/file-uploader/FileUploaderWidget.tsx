import { useCallback, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { Button, ProgressBar, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, AttachRegular, SelectAllOffRegular, SelectAllOnRegular } from '@fluentui/react-icons';
import { useRendererHost } from '../../host';
import type { DisplayProps } from '../../registry-types';
import { formContextOf, idsOf } from '../form-context-of';
import { useWidgetText } from '../text';
import { readPath } from '../fill-endpoint';
import { ACCEPT_ATTRIBUTE, fileLabel, isAcceptedFile, type StoredFile } from './file-rules';
import { FileRow } from './FileRow';
import { LinkToItemDialog } from './LinkToItemDialog';
import { downloadFile } from './open-file';
import { useFileOpener } from './use-file-opener';
import { useFileMutations, useFileRecords } from './use-file-records';

const useStyles = makeStyles({
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

/**
 * Files of a form (spec 000 §2/§5, 001 §2: e-invoices, application papers, deal slips, photos):
 * one file at a time through `POST /files` (multipart `file`, `document_type`) with an
 * "Uploading" overlay showing the progress; images, pdf, xlsx, xls, doc, docx and ofd only.
 * Each file shows a type icon, its name (50 characters), size and date; names open the file
 * (images in a gallery, others in a new window); select, select all, clear all and download work
 * on the selection. Delete asks first, then `DELETE /files/{id}`: a 409 (a filed document still
 * references it) or 404 (not this user's upload) takes the id off the form only; any other failure
 * keeps it and toasts "Failed". Value: an array of file ids. `ui:options`: `documentType`,
 * `maxFiles` (default 10), `linkToItems` (an item list, e.g. `transaction_items`: upload needs an
 * item, then a dialog links the file id to the chosen item's `itemField`, default `item_e_invoices`).
 */
export function FileUploaderWidget(props: WidgetProps): ReactNode {
  const ctx = formContextOf(props.registry, 'FileUploader');
  const { host } = ctx;
  const text = useWidgetText();
  const styles = useStyles();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const ids = idsOf(props.value);
  const records = useFileRecords(host, ids);
  const writes = useFileMutations(host);
  const failed = useCallback(() => host.toast(text('upload.failed'), 'error'), [host, text]);
  const opener = useFileOpener(ids, records, failed);
  const documentType = typeof props.options.documentType === 'string' ? props.options.documentType : '';
  const maxFiles = typeof props.options.maxFiles === 'number' && props.options.maxFiles > 0 ? props.options.maxFiles : 10;
  const readOnly = Boolean(props.readonly || ctx.readOnly);
  const uploading = progress !== null;
  const full = ids.length >= maxFiles;
  const linkToItems = typeof props.options.linkToItems === 'string' ? props.options.linkToItems : null;
  const itemField = typeof props.options.itemField === 'string' ? props.options.itemField : 'item_e_invoices';
  const linkItems = linkToItems ? readPath(ctx.formData, linkToItems) : undefined;
  const itemCount = Array.isArray(linkItems) ? linkItems.length : 0;
  const needsItem = linkToItems !== null && itemCount === 0;
  const [linking, setLinking] = useState<{ id: number; name: string } | null>(null);
  const latest = useRef(ids);
  latest.current = ids;
  // A removed file cannot stay selected.
  const chosen = ids.filter((id) => selected.has(id));

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file || uploading || latest.current.length >= maxFiles) return;
    if (!isAcceptedFile(file)) {
      host.toast(text('upload.typeNotAllowed'), 'error');
      return;
    }
    const form = new FormData();
    form.append('file', file);
    form.append('document_type', documentType);
    setProgress(0);
    try {
      const stored = await writes.upload.mutateAsync({ form, onProgress: (fraction) => setProgress(Math.max(0, Math.min(1, fraction))) });
      const id = Number(stored?.id);
      if (!Number.isFinite(id)) throw new Error('upload answer without id');
      records.learn({ name: file.name, size: file.size, ...stored, id });
      props.onChange([...latest.current, id]);
      if (linkToItems) setLinking({ id, name: file.name });
    } catch {
      host.toast(text('upload.failed'), 'error');
    } finally {
      setProgress(null);
    }
  };

  const link = (index: number | null) => {
    const picked = linking;
    setLinking(null);
    if (!picked || index === null || !linkToItems) return;
    const current = readPath(ctx.formData, `${linkToItems}.${index}.${itemField}`);
    ctx.setField(`${linkToItems}.${index}.${itemField}`, [...idsOf(current), picked.id]);
  };

  const remove = async (id: number, label: string) => {
    if (!(await host.confirm(text('upload.deleteConfirm', { name: label }), undefined, { danger: true }))) return;
    try {
      await writes.remove.mutateAsync(id);
    } catch (error) {
      // The host already showed the server's message; only these two still take the id off the form.
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
              onDelete={readOnly ? undefined : () => void remove(id, label)}
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
          <input ref={input} className={styles.input} type="file" accept={ACCEPT_ATTRIBUTE} aria-label={props.label || text('upload.select')} onChange={upload} data-testid={`${props.id}-input`} />
          <Button appearance="secondary" icon={<AttachRegular />} disabled={props.disabled || uploading || full || needsItem} onClick={() => input.current?.click()}>
            {text('upload.select')}
          </Button>
          {full && <Text size={200} className={styles.hint}>{text('upload.limit', { n: maxFiles })}</Text>}
          {needsItem && <Text size={200} className={styles.hint}>{text('related.needsItems')}</Text>}
          {linkToItems && <LinkToItemDialog fileName={linking?.name ?? null} count={itemCount} onChoose={link} />}
        </>
      )}
      {opener.gallery}
    </div>
  );
}

/** Read-only list for detail and list cards: type icon, name and size; each name opens the file. */
export function FileUploaderDisplay({ value }: DisplayProps): ReactNode {
  const host = useRendererHost();
  const text = useWidgetText();
  const styles = useStyles();
  const ids = idsOf(value);
  const records = useFileRecords(host, ids);
  const failed = useCallback(() => host.toast(text('upload.failed'), 'error'), [host, text]);
  const opener = useFileOpener(ids, records, failed);
  if (ids.length === 0) return <span>-</span>;
  return (
    <>
      <ul className={styles.list}>
        {ids.map((id) => (
          <FileRow key={id} id={id} file={records.files.get(id)} onOpen={() => void opener.open(id)} />
        ))}
      </ul>
      {opener.gallery}
    </>
  );
}
