import { useEffect, useState } from 'react';
import { Card, Link, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useRendererHost } from '../../../renderer/host';

interface StoredFile {
  id: number;
  name?: string;
  formated_name?: string;
  url?: string;
}

/**
 * The invoice files of a completed document (spec 000 §4: "An approved reimbursement (status 2)
 * loads its invoice files"). There is no transaction-files call on the server: the files are the
 * document's e-invoice field (the module's `statistics.invoices.einvoices`), each read through `GET /files/{id}` (a failed one is left out).
 */
export function InvoiceFiles({ ids }: { ids: unknown }) {
  const { t } = useTranslation();
  const host = useRendererHost();
  const list = Array.isArray(ids) ? ids.filter((id): id is number => typeof id === 'number') : [];
  const key = list.join(',');
  const [files, setFiles] = useState<StoredFile[]>([]);
  useEffect(() => {
    if (!key) return undefined;
    let live = true;
    Promise.all(key.split(',').map((id) => host.api.get<StoredFile>(`/files/${id}`).catch(() => null))).then((found) => {
      if (live) setFiles(found.filter((f): f is StoredFile => f !== null));
    });
    return () => {
      live = false;
    };
  }, [host, key]);
  if (!key) return null;
  return (
    <Card data-testid="invoice-files">
      <Text weight="semibold">{t('app.approvals.invoiceFiles')}</Text>
      {files.map((file) => (
        <Link key={file.id} href={file.url} target="_blank" rel="noreferrer">
          {(file.formated_name ?? file.name ?? String(file.id)).slice(0, 50)}
        </Link>
      ))}
    </Card>
  );
}
