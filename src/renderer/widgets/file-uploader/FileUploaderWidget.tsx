import { useCallback, useState, type ReactNode } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { useRendererHost } from '../../host';
import type { DisplayProps } from '../../registry-types';
import { formContextOf, idsOf } from '../form-context-of';
import { useWidgetText } from '../text';
import { readPath } from '../fill-endpoint';
import { useOfflineFiles } from '../../offline-files';
import { fileSizeLabel } from './file-format';
import { FileRow } from './FileRow';
import { FileUploader, useUploaderStyles } from './FileUploader';
import { LinkToItemDialog } from './LinkToItemDialog';
import { useFileOpener } from './use-file-opener';
import { useFileRecords } from './use-file-records';


/**
 * The FileUploader widget of a form (see `FileUploader`). Value: an array of file ids.
 * `ui:options`: `documentType` (its attachment kind's `accept` limits the file dialog), `maxFiles` (default 10), `linkToItems` (an item list, e.g.
 * `transaction_items`: upload needs an item, then a dialog links the file id to the chosen item's
 * `itemField`, default `item_e_invoices`).
 */
export function FileUploaderWidget(props: WidgetProps): ReactNode {
  const ctx = formContextOf(props.registry, 'FileUploader');
  const text = useWidgetText();
  const documentType = typeof props.options.documentType === 'string' ? props.options.documentType : '';
  const maxFiles = typeof props.options.maxFiles === 'number' ? props.options.maxFiles : undefined;
  // The module's attachment kind of this document type: its extensions only (`attachments/<code>.json`).
  const accept = ctx.module?.attachments?.[documentType]?.accept;
  const linkToItems = typeof props.options.linkToItems === 'string' ? props.options.linkToItems : null;
  const itemField = typeof props.options.itemField === 'string' ? props.options.itemField : 'item_e_invoices';
  const linkItems = linkToItems ? readPath(ctx.formData, linkToItems) : undefined;
  const itemCount = Array.isArray(linkItems) ? linkItems.length : 0;
  const needsItem = linkToItems !== null && itemCount === 0;
  const [linking, setLinking] = useState<{ id: number; name: string } | null>(null);

  const link = (index: number | null) => {
    const picked = linking;
    setLinking(null);
    if (!picked || index === null || !linkToItems) return;
    const current = readPath(ctx.formData, `${linkToItems}.${index}.${itemField}`);
    ctx.setField(`${linkToItems}.${index}.${itemField}`, [...idsOf(current), picked.id]);
  };

  return (
    <FileUploader
      id={props.id} label={props.label} host={ctx.host} value={idsOf(props.value)} onChange={(ids) => props.onChange(ids)}
      documentType={documentType} maxFiles={maxFiles} accept={accept} readOnly={Boolean(props.readonly || ctx.readOnly)} disabled={props.disabled}
      blockedHint={needsItem ? text('related.needsItems') : null}
      onUploaded={linkToItems ? setLinking : undefined}
    >
      {linkToItems && <LinkToItemDialog fileName={linking?.name ?? null} count={itemCount} onChoose={link} />}
    </FileUploader>
  );
}

/**
 * Read-only list for detail and list cards: type icon, name and size; each name opens the file.
 * Where the app keeps attachments offline (`OfflineFilesContext`), a file above the size it keeps
 * says "not kept offline, X MB" (online it opens as always); offline, files open from the device
 * and that one cannot be opened.
 */
export function FileUploaderDisplay({ value }: DisplayProps): ReactNode {
  const host = useRendererHost();
  const text = useWidgetText();
  const styles = useUploaderStyles();
  const kept = useOfflineFiles();
  const ids = idsOf(value);
  const records = useFileRecords(host, ids);
  const failed = useCallback(() => host.toast(text('upload.failed'), 'error'), [host, text]);
  const notKept = useCallback(() => host.toast(text('upload.offline.missing'), 'info'), [host, text]);
  const opener = useFileOpener(ids, records, failed, kept, notKept);
  if (ids.length === 0) return <span>-</span>;
  const tooLarge = (size: number | undefined) => kept !== null && typeof size === 'number' && size > kept.maxBytes;
  return (
    <>
      <ul className={styles.list}>
        {ids.map((id) => {
          const file = records.files.get(id);
          const large = tooLarge(file?.size);
          return (
            <FileRow key={id} id={id} file={file} onOpen={() => void opener.open(id)}
              note={large ? text('upload.offline.notKept', { size: fileSizeLabel(file) }) : undefined} unavailable={large && kept?.offline === true} />
          );
        })}
      </ul>
      {opener.gallery}
    </>
  );
}
