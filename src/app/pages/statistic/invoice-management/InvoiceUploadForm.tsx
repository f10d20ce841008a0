import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Field, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useRendererHost } from '../../../../renderer/host';
import { queryKeys } from '../../../api/queries';
import type { InvoiceRow } from './types';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, padding: tokens.spacingHorizontalL },
  files: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, margin: 0, paddingLeft: tokens.spacingHorizontalL },
});

type Kind = 'e_invoices' | 'application_papers';
const DOCUMENT_TYPE: Record<Kind, string> = { e_invoices: 'e-invoice', application_papers: 'app-paper' };
const ACCEPT = 'image/*,.pdf,.xlsx,.xls,.doc,.docx,.ofd';

/**
 * The invoice upload form (spec 001 §2, §5): two multi-file uploaders (e-invoice, application
 * paper); the document's existing files are listed and cannot be deleted; at least one new file.
 * Resolves `true` after the server took them.
 */
export function InvoiceUploadForm({ row, onDone }: { row: InvoiceRow; onDone(saved: boolean): void }) {
  const { t } = useTranslation();
  const host = useRendererHost();
  const styles = useStyles();
  const [added, setAdded] = useState<Record<Kind, Array<{ id: number; name: string }>>>({ e_invoices: [], application_papers: [] });
  const [uploading, setBusy] = useState(false);
  const queryClient = useQueryClient();
  // Saving the files changes the invoice lists: they are fetched again when shown.
  const save = useMutation({
    mutationFn: () => host.api.post('/invoice_managements', { transactions: [row.id], e_invoices: added.e_invoices.map((f) => f.id), application_papers: added.application_papers.map((f) => f.id) }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.invoices.all }),
  });
  const busy = uploading || save.isPending || save.isSuccess;

  const upload = async (kind: Kind, files: FileList | null) => {
    if (!files?.length) return;
    setBusy(true);
    try {
      // One file at a time (spec 000 §5).
      for (const file of Array.from(files)) {
        const form = new FormData();
        form.append('file', file);
        form.append('document_type', DOCUMENT_TYPE[kind]);
        const stored = await host.api.upload<{ id: number; name: string }>('/files', form);
        setAdded((a) => ({ ...a, [kind]: [...a[kind], { id: stored.id, name: stored.name }] }));
      }
    } catch {
      host.toast(t('statistic.invoices.uploadFailed'), 'error');
    } finally {
      setBusy(false);
    }
  };
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

  const section = (kind: Kind, existing: InvoiceRow['e_invoices']) => (
    <Field label={t(`statistic.invoices.kinds.${kind}`)}>
      <ul className={styles.files} aria-label={t(`statistic.invoices.kinds.${kind}`)}>
        {existing.map((f) => <li key={f.id}><Text>{f.name}</Text></li>)}
        {added[kind].map((f) => <li key={f.id}><Text weight="semibold">{f.name}</Text></li>)}
      </ul>
      <input type="file" multiple accept={ACCEPT} aria-label={t('statistic.invoices.choose', { kind: t(`statistic.invoices.kinds.${kind}`) })}
        disabled={busy} onChange={(e) => void upload(kind, e.target.files).then(() => { e.target.value = ''; })} />
    </Field>
  );

  return (
    <div className={styles.root} data-testid="invoice-upload">
      <Text weight="semibold">{row.code}</Text>
      {section('e_invoices', row.e_invoices)}
      {section('application_papers', row.application_papers)}
      {busy ? <Spinner size="tiny" label={t('statistic.invoices.uploading')} /> : null}
      <Button appearance="primary" disabled={busy} onClick={() => void submit()}>{t('statistic.invoices.submit')}</Button>
    </div>
  );
}
