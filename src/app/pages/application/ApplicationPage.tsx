import { useCallback, useState } from 'react';
import { Tab, TabList, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { CompiledModule } from '../../../engine';
import type { PageProps } from '../../navigation';
import { SubmitTab } from './SubmitTab';
import { ViewDataTab } from './ViewDataTab';

/** Parameters of the application page: the module to file. */
export interface ApplicationPageParams {
  moduleCode: string;
  /** Pre-filled form data ("Submit again" from a document's detail page); the draft is not loaded then. */
  initialData?: Record<string, unknown>;
  /** A follow-up (関連書類): the decided document it follows up; filed with `follow_up_of` (with `initialData`, the carried-over fields). */
  followUpOf?: { id: number; code: string };
}

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`, minWidth: 0 },
  tabs: { position: 'sticky', top: 0, zIndex: 2, backgroundColor: tokens.colorNeutralBackground2 },
});

type TabName = 'submit' | 'data';

/**
 * The application page of one module (spec 000 §2, 001 §2): a Submit tab with the module's
 * form and a View data tab with the user's own documents of the module. Both stay mounted once
 * shown (the form keeps its state); a successful submit goes back after its alert.
 */
export function ApplicationPage({ params, close }: PageProps<ApplicationPageParams>) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [tab, setTab] = useState<TabName>('submit');
  const [module, setModule] = useState<CompiledModule | null>(null);
  const [dataShown, setDataShown] = useState(false);
  // Spec 000 §4 / 001 §1: after the success alert the page goes back; the filing invalidated the
  // documents' queries, so the lists (and View data, for a page kept open) are fetched again.
  const onSubmitted = useCallback(() => close(), [close]);

  return (
    <section className={styles.page} data-testid="application-page" data-module={params.moduleCode}>
      <TabList
        className={styles.tabs}
        selectedValue={tab}
        onTabSelect={(_, d) => {
          setTab(d.value as TabName);
          if (d.value === 'data') setDataShown(true);
        }}
      >
        <Tab value="submit">{t('app.application.tabs.submit')}</Tab>
        <Tab value="data" disabled={!module}>
          {t('app.application.tabs.data')}
        </Tab>
      </TabList>
      <div hidden={tab !== 'submit'} role="tabpanel" aria-label={t('app.application.tabs.submit')}>
        <SubmitTab moduleCode={params.moduleCode} initialData={params.initialData} followUpOf={params.followUpOf} active={tab === 'submit'} onSubmitted={onSubmitted} onModule={setModule} />
      </div>
      {module && dataShown ? (
        <div hidden={tab !== 'data'} role="tabpanel" aria-label={t('app.application.tabs.data')}>
          <ViewDataTab module={module} />
        </div>
      ) : null}
    </section>
  );
}
