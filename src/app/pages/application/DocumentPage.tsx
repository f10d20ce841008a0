import { useEffect, useState } from 'react';
import { Badge, MessageBar, MessageBarBody, Spinner, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { CompiledModule } from '../../../engine';
import { DetailCard } from '../../../renderer';
import type { PageProps } from '../../navigation';
import { useSession } from '../../session';
import { usePageStyles } from '../common/page-styles';
import { fetchModuleDefinition } from './module-definitions';

/** Parameters of a document detail page. */
export interface DocumentPageParams {
  id: number;
  code: string;
  /** The module as the list had it (the document may have been filed under another version). */
  module?: CompiledModule;
}

interface DocumentView {
  id: number;
  code: string;
  status: number;
  data: Record<string, unknown>;
  definition_version?: string;
  module?: { code: string };
  module_code?: string;
  requester?: { name: string };
}

const STATUS_COLOR: Record<number, 'warning' | 'success' | 'danger'> = { 0: 'warning', 1: 'success', 2: 'success', 3: 'danger', 10: 'danger' };

/**
 * A document's read-only page (`GET /buffers/{id}`): code, status, applicant and the
 * renderer's DetailCard, rendered with the definition version the document was filed under.
 */
export function DocumentPage({ params }: PageProps<DocumentPageParams>) {
  const { t } = useTranslation();
  const styles = usePageStyles();
  const { api } = useSession();
  const [state, setState] = useState<{ doc: DocumentView; module: CompiledModule } | 'loading' | 'failed'>('loading');

  useEffect(() => {
    let live = true;
    (async () => {
      const doc = (await api.get<DocumentView>(`/buffers/${params.id}`)).data;
      const code = doc.module?.code ?? doc.module_code ?? params.module?.code ?? '';
      let module = params.module;
      if (!module || module.code !== code || (doc.definition_version && module.version !== doc.definition_version)) {
        module = doc.definition_version
          ? (await api.get<CompiledModule>(`/module-definitions/${encodeURIComponent(code)}`, { params: { version: doc.definition_version } })).data
          : await fetchModuleDefinition(api, code);
      }
      if (live) setState({ doc, module });
    })().catch(() => live && setState('failed'));
    return () => {
      live = false;
    };
  }, [api, params.id, params.module]);

  if (state === 'loading') return <Spinner label={t('app.common.loading')} />;
  if (state === 'failed') {
    return (
      <MessageBar intent="error">
        <MessageBarBody>{t('app.application.detailFailed')}</MessageBarBody>
      </MessageBar>
    );
  }
  const { doc, module } = state;
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
