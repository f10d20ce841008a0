import { useEffect, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { Button, Link, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { AttachRegular, DeleteRegular } from '@fluentui/react-icons';
import { useRendererHost, type RendererHost } from '../../host';
import type { DisplayProps } from '../../registry-types';
import { formContextOf, idsOf } from '../form-context-of';
import { useWidgetText } from '../text';
import { cachedGet } from '../use-cached-get';
import { readPath } from '../fill-endpoint';
import { ACCEPT_ATTRIBUTE, fileLabel, isAcceptedFile, type StoredFile } from './file-rules';
import { LinkToItemDialog } from './LinkToItemDialog';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, position: 'relative' },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' },
  row: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  overlay: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  hint: { color: tokens.colorNeutralForeground3 },
  input: { display: 'none' },
});

/** Records of stored file ids (`/files/{id}`), merged with files just uploaded. */
function useFiles(host: RendererHost, ids: number[], known: Map<number, StoredFile>): Map<number, StoredFile> {
  const [found, setFound] = useState<Map<number, StoredFile>>(new Map());
  const missing = ids.filter((id) => !known.has(id)).join(',');
  useEffect(() => {
    if (!missing) return undefined;
    let live = true;
    Promise.all(missing.split(',').map((id) => cachedGet<StoredFile>(host, `/files/${id}`).catch(() => null))).then((files) => {
      if (live) setFound(new Map(files.filter((f): f is StoredFile => Boolean(f)).map((f) => [Number(f.id), f])));
    });
    return () => {
      live = false;
    };
  }, [host, missing]);
  return new Map([...found, ...known]);
}

/**
 * Files of a form (spec: e-invoices, application papers, deal slips, photos…): one file at a
 * time, POST /files multipart (`file`, `document_type`), "Uploading" while it runs, a toast
 * "Failed" on error, delete after confirmation (removes the file from the form only).
 * Value: an array of file ids. `ui:options`: `documentType` (the spec's file type code),
 * `maxFiles` (default 10), `linkToItems` (an item list, e.g. `transaction_items`: upload needs an item,
 * then a dialog links the file id to the chosen item's `itemField`, default `item_e_invoices`).
 */
export function FileUploaderWidget(props: WidgetProps): ReactNode {
  const ctx = formContextOf(props.registry, 'FileUploader');
  const { host } = ctx;
  const text = useWidgetText();
  const styles = useStyles();
  const input = useRef<HTMLInputElement>(null);
  const [known, setKnown] = useState<Map<number, StoredFile>>(new Map());
  const [uploading, setUploading] = useState(false);
  const ids = idsOf(props.value);
  const files = useFiles(host, ids, known);
  const documentType = typeof props.options.documentType === 'string' ? props.options.documentType : '';
  const maxFiles = typeof props.options.maxFiles === 'number' && props.options.maxFiles > 0 ? props.options.maxFiles : 10;
  const readOnly = Boolean(props.readonly || ctx.readOnly);
  const full = ids.length >= maxFiles;
  const linkToItems = typeof props.options.linkToItems === 'string' ? props.options.linkToItems : null;
  const itemField = typeof props.options.itemField === 'string' ? props.options.itemField : 'item_e_invoices';
  const linkItems = linkToItems ? readPath(ctx.formData, linkToItems) : undefined;
  const itemCount = Array.isArray(linkItems) ? linkItems.length : 0;
  const needsItem = linkToItems !== null && itemCount === 0;
  const [linking, setLinking] = useState<{ id: number; name: string } | null>(null);
  const latest = useRef(ids);
  latest.current = ids;

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!isAcceptedFile(file)) {
      host.toast(text('upload.typeNotAllowed'), 'error');
      return;
    }
    const form = new FormData();
    form.append('file', file);
    form.append('document_type', documentType);
    setUploading(true);
    try {
      const stored = await host.api.upload<StoredFile>('/files', form);
      const id = Number(stored?.id);
      if (!Number.isFinite(id)) throw new Error('upload answer without id');
      setKnown((old) => new Map(old).set(id, { name: file.name, ...stored, id }));
      props.onChange([...latest.current, id]);
      if (linkToItems) setLinking({ id, name: file.name });
    } catch {
      host.toast(text('upload.failed'), 'error');
    } finally {
      setUploading(false);
    }
  };

  const link = (index: number | null) => {
    const chosen = linking;
    setLinking(null);
    if (!chosen || index === null || !linkToItems) return;
    const current = readPath(ctx.formData, `${linkToItems}.${index}.${itemField}`);
    ctx.setField(`${linkToItems}.${index}.${itemField}`, [...idsOf(current), chosen.id]);
  };

  const remove = async (id: number, label: string) => {
    if (!(await host.confirm(text('upload.deleteConfirm', { name: label })))) return;
    props.onChange(latest.current.filter((other) => other !== id));
  };

  return (
    <div className={styles.root} id={props.id}>
      <ul className={styles.list}>
        {ids.map((id) => {
          const label = fileLabel(files.get(id), `#${id}`);
          const url = files.get(id)?.url;
          return (
            <li key={id} className={styles.row}>
              {url ? (
                <Link href={url} target="_blank" rel="noreferrer">
                  {label}
                </Link>
              ) : (
                <Text>{label}</Text>
              )}
              {!readOnly && (
                <Button appearance="transparent" icon={<DeleteRegular />} aria-label={text('upload.delete', { name: label })} disabled={props.disabled || uploading} onClick={() => remove(id, label)} />
              )}
            </li>
          );
        })}
      </ul>
      {uploading && (
        <div className={styles.overlay} role="status">
          <Spinner size="tiny" label={text('upload.uploading')} />
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
    </div>
  );
}

/** File names (links when the server gave a URL), read-only. */
export function FileUploaderDisplay({ value }: DisplayProps): ReactNode {
  const host = useRendererHost();
  const ids = idsOf(value);
  const files = useFiles(host, ids, new Map());
  if (ids.length === 0) return <span>-</span>;
  return (
    <ul>
      {ids.map((id) => {
        const file = files.get(id);
        const label = fileLabel(file, '…');
        return <li key={id}>{file?.url ? <a href={file.url} target="_blank" rel="noreferrer">{label}</a> : label}</li>;
      })}
    </ul>
  );
}
