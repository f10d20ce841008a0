import { useQueries } from '@tanstack/react-query';
import { Card, Link, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useRendererHost } from '../../../renderer/host';
import { fileRecordQuery } from '../../../renderer/widgets/file-uploader/use-file-records';

/**
 * The invoice files of a completed document (spec 000 §4: "An approved reimbursement (status 2)
 * loads its invoice files"). There is no transaction-files call on the server: the files are the
 * document's e-invoice field (the module's `statistics.invoices.einvoices`), each read through `GET /files/{id}/meta` (a failed one is left out).
 */
export function InvoiceFiles({ ids }: { ids: unknown }) {
  const { t } = useTranslation();
  const host = useRendererHost();
  const list = Array.isArray(ids) ? ids.filter((id): id is number => typeof id === 'number') : [];
  // One cached query per file: a failed one is left out.
  const files = useQueries({
    queries: list.map((id) => fileRecordQuery(host, id)),
    combine: (results) => results.flatMap((r) => (r.data ? [r.data] : [])),
  });
  if (list.length === 0) return null;
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
