import { useMemo, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { MessageBar, Tab, TabList, Text, ToggleButton, makeStyles, tokens } from '@fluentui/react-components';
import { compileModules, filesFromSources, type FormData, type ModuleSource } from '../../../engine';
import { DetailCard, ListCard, ModuleForm } from '../../../renderer';
import { i18n, LANGUAGES, toLanguage, type Language } from '../../i18n';
import { PageErrorBoundary } from '../../shell/PageErrorBoundary';

const useStyles = makeStyles({
  box: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, border: `1px dashed ${tokens.colorNeutralStroke1}`, borderRadius: tokens.borderRadiusMedium, padding: tokens.spacingHorizontalS },
  bar: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, alignItems: 'center' },
});

type View = 'form' | 'detail' | 'list';

/**
 * The live preview of a draft: compiled in the browser by the engine (as the server will), then
 * rendered by the real renderer as the form, the detail card and the list card, in the language
 * chosen here (the app's own language stays). The detail and list cards show what is typed in
 * the preview form.
 */
export function ModulePreview({ draft, subSources }: { draft: ModuleSource; subSources: Record<string, ModuleSource> }) {
  const { t, i18n: appI18n } = useTranslation();
  const styles = useStyles();
  const [view, setView] = useState<View>('form');
  // Starts in the app's language; the toggles switch the preview only.
  const [lang, setLang] = useState<Language>(() => toLanguage(appI18n.language));
  const [data, setData] = useState<FormData>({});
  const previewI18n = useMemo(() => i18n.cloneInstance({ lng: lang }), [lang]);
  const compiled = useMemo(() => {
    try {
      const { modules, problems } = compileModules(filesFromSources({ ...subSources, [draft.code]: draft }));
      const module = modules[draft.code];
      return module ? { module } : { error: problems[0]?.message ?? draft.code };
    } catch (error) {
      return { error: (error as Error).message };
    }
  }, [draft, subSources]);

  return (
    <section className={styles.box} aria-label={t('studio.preview')} data-testid="studio-preview">
      <Text weight="semibold">{t('studio.preview')}</Text>
      <div className={styles.bar} role="group" aria-label={t('studio.previewLanguage')}>
        {LANGUAGES.map((l) => (
          <ToggleButton key={l} size="small" checked={lang === l} onClick={() => setLang(l)}>{l}</ToggleButton>
        ))}
      </div>
      <TabList size="small" selectedValue={view} onTabSelect={(_, d) => setView(d.value as View)}>
        <Tab value="form">{t('studio.previewForm')}</Tab>
        <Tab value="detail">{t('studio.previewDetail')}</Tab>
        <Tab value="list">{t('studio.previewList')}</Tab>
      </TabList>
      {'error' in compiled ? (
        <MessageBar intent="warning">{t('studio.previewFailed', { message: compiled.error })}</MessageBar>
      ) : (
        <I18nextProvider i18n={previewI18n}>
          <PageErrorBoundary key={`${compiled.module.version}-${view}-${lang}`} fallback={<MessageBar intent="warning">{t('studio.previewFailed', { message: '' })}</MessageBar>}>
            {view === 'form' && (
              <ModuleForm key={compiled.module.version} module={compiled.module} initialData={data} onChange={setData} onSubmit={async () => undefined} submitDisabled />
            )}
            {view === 'detail' && <DetailCard module={compiled.module} data={data} />}
            {view === 'list' && <ListCard module={compiled.module} data={data} code={`${String(compiled.module.meta.codePrefix ?? '')}-2026-000001`} />}
          </PageErrorBoundary>
        </I18nextProvider>
      )}
    </section>
  );
}
