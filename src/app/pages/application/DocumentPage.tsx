import { useQuery } from '@tanstack/react-query';
import { Badge, MessageBar, MessageBarBody, Spinner, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { CompiledModule } from '../../../engine';
import { DetailCard, useRendererHost } from '../../../renderer';
import { documentOptions } from '../../api/queries';
import type { PageProps } from '../../navigation';
import { usePageStyles } from '../common/page-styles';

/** Parameters of a document detail page. */
export interface DocumentPageParams {
  id: number;
  code: string;
  /** The module as the list had it; not used (the page reads the version the document was filed under). */
  module?: CompiledModule;
}

const STATUS_COLOR: Record<number, 'warning' | 'success' | 'danger'> = { 0: 'warning', 1: 'success', 2: 'success', 3: 'danger', 10: 'danger' };

/**
 * A document's read-only page (`GET /buffers/{id}`, a query): code, status, applicant and the
 * renderer's DetailCard, rendered with the definition version the document was filed under.
 */
export function DocumentPage({ params }: PageProps<DocumentPageParams>) {
  const { t } = useTranslation();
  const styles = usePageStyles();
  const host = useRendererHost();
  // The document with the definition version it was filed under (the same query as the approval detail page).
  const loaded = useQuery(documentOptions(host.api, { documentId: params.id }));

  if (loaded.isPending) return <Spinner label={t('app.common.loading')} />;
  if (loaded.isError) {
    return (
      <MessageBar intent="error">
        <MessageBarBody>{t('app.application.detailFailed')}</MessageBarBody>
      </MessageBar>
    );
  }
  const { doc, module } = loaded.data;
  const header = (
    <div>
      <Text weight="semibold">{doc.code}</Text>{' '}
      <Badge color={STATUS_COLOR[doc.status] ?? 'informative'}>{t(`app.application.status.${doc.status}`, { defaultValue: String(doc.status) })}</Badge>
      {doc.requester ? <Text as="p" className={styles.muted}>{t('app.application.requestedBy', { name: doc.requester.name })}</Text> : null}
    </div>
  );
  return (
    <section className={styles.page} data-testid="document-page">
      <DetailCard module={module} data={doc.data} header={header} />
    </section>
  );
}
