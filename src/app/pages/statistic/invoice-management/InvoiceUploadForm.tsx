import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Field, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useRendererHost } from '../../../../renderer/host';
import { FileUploader } from '../../../../renderer/widgets/file-uploader/FileUploader';
import { invalidateResources } from '../../../../renderer/resource-key';
import type { InvoiceRow } from './types';
import type { InvoiceDone, InvoiceUpload } from '../../../../wire/invoices';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, padding: tokens.spacingHorizontalL },
});

type Kind = 'e_invoices' | 'application_papers';
const DOCUMENT_TYPE: Record<Kind, string> = { e_invoices: 'e-invoice', application_papers: 'app-paper' };

/**
 * The invoice upload form (spec 001 §2, §5): two uploaders (e-invoice, application paper), the
 * app's file uploader (one file at a time with progress, type and failure messages); the
 * document's existing files are listed first and cannot be deleted; at least one new file.
 * Resolves `true` after the server took them.
 */
export function InvoiceUploadForm({ row, onDone }: { row: InvoiceRow; onDone(saved: boolean): void }) {
  const { t } = useTranslation();
  const host = useRendererHost();
  const styles = useStyles();
  const [added, setAdded] = useState<Record<Kind, number[]>>({ e_invoices: [], application_papers: [] });
  const queryClient = useQueryClient();
  // Saving the files changes the invoice lists: they are fetched again when shown.
  const save = useMutation({
    mutationFn: () => host.api.post<InvoiceDone>('/invoice_managements', { transactions: [row.id], e_invoices: added.e_invoices, application_papers: added.application_papers } satisfies InvoiceUpload),
    onSuccess: () => void invalidateResources(queryClient, ['/invoice_managements']),
  });
  const busy = save.isPending || save.isSuccess;

  const submit = async () => {
    if (added.e_invoices.length + added.application_papers.length === 0) {
      await host.alert(t('engine.alertTitle'), t('statistic.invoices.needFile'));
      return;
    }
    try {
      await save.mutateAsync();
      onDone(true);
    } catch { /* the API client showed the server's message; the form stays */ }
  };

  const section = (kind: Kind, existing: InvoiceRow['e_invoices']) => {
    const label = t(`statistic.invoices.kinds.${kind}`);
    return (
      <Field label={label}>
        <FileUploader
          id={`invoice-${kind}`} label={t('statistic.invoices.choose', { kind: label })} host={host} documentType={DOCUMENT_TYPE[kind]}
          fixed={existing.map((f) => f.id)} value={added[kind]} onChange={(ids) => setAdded((a) => ({ ...a, [kind]: ids }))} disabled={busy}
        />
      </Field>
    );
  };

  return (
    <div className={styles.root} data-testid="invoice-upload">
      <Text weight="semibold">{row.code}</Text>
      {section('e_invoices', row.e_invoices)}
      {section('application_papers', row.application_papers)}
      <Button appearance="primary" disabled={busy} onClick={() => void submit()}>{t('statistic.invoices.submit')}</Button>
    </div>
  );
}
