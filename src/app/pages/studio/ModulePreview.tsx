import { useEffect, useMemo, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MessageBar, Tab, TabList, Text, ToggleButton, makeStyles, tokens } from '@fluentui/react-components';
import { compileModules, filesFromSources, type FormData, type ModuleSource } from '../../../engine';
import { DetailCard, ListCard, ModuleForm, RendererHostContext, useRendererHost, type RendererHost } from '../../../renderer';
import { defaultFormData } from '../../../renderer/form/defaults';
import { i18n, loadLanguage, LANGUAGES, toLanguage, type Language } from '../../i18n';
import { PageErrorBoundary } from '../../shell/PageErrorBoundary';

const useStyles = makeStyles({
  box: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  bar: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, alignItems: 'center' },
  // The phone the form is built for: 390 × 844 CSS pixels, scrolling inside like the app's page.
  phone: {
    width: '390px', maxWidth: '100%', height: '844px', maxHeight: '80dvh', overflowY: 'auto', boxSizing: 'border-box',
    border: `8px solid ${tokens.colorNeutralStroke1}`, borderRadius: '28px', backgroundColor: tokens.colorNeutralBackground2,
    padding: tokens.spacingHorizontalS, position: 'relative', contain: 'layout paint',
  },
});

type View = 'form' | 'detail' | 'list';

const EMPTY_COLLECTION = { 'hydra:member': [], 'hydra:totalItems': 0 };

/**
 * The host the preview renders under: the preview's language, and for a module not published
 * yet no server call that names it (its steps, stamp numbers … do not exist: an empty answer
 * instead of a "module does not exist" toast). Nothing the preview does writes to the server.
 */
function previewHost(outer: RendererHost, lang: Language, unpublished: string[]): RendererHost {
  const names = (path: string, params?: Record<string, unknown>) => unpublished.some((code) => path.includes(code) || Object.values(params ?? {}).includes(code));
  const refuse = () => Promise.reject(new Error('preview'));
  return {
    ...outer,
    language: lang,
    toast: () => undefined,
    api: {
      get: <T,>(path: string, params?: Record<string, unknown>) => (names(path, params) ? Promise.resolve(EMPTY_COLLECTION as T) : outer.api.get<T>(path, params)),
      post: refuse,
      delete: refuse,
      upload: refuse,
    },
  };
}

/**
 * The live preview of a draft: compiled in the browser by the engine (as the server will), then
 * rendered by the real renderer as the form, the detail card and the list card, in the language
 * chosen here (the app's own language stays), inside a 390 × 844 phone frame.
 */
export function ModulePreview({ draft, subSources, unpublished }: { draft: ModuleSource; subSources: Record<string, ModuleSource>; unpublished: string[] }) {
  const { t, i18n: appI18n } = useTranslation();
  const styles = useStyles();
  const outer = useRendererHost();
  const [view, setView] = useState<View>('form');
  const [lang, setLang] = useState<Language>(() => toLanguage(appI18n.language));
  // The engine's and app's own texts of a language load on first use (ja/zh showed raw keys).
  const [loaded, setLoaded] = useState<Language | null>(null);
  useEffect(() => {
    let live = true;
    void loadLanguage(lang).then(() => live && setLoaded(lang), () => live && setLoaded(lang));
    return () => { live = false; };
  }, [lang]);
  const [data, setData] = useState<FormData | undefined>(undefined);
  // The preview's own query cache: its host answers differently for unpublished codes (empty
  // lists), and those answers must never be what the app's forms read from the shared cache.
  const [previewQueries] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } }));
  const previewI18n = useMemo(() => i18n.cloneInstance({ lng: lang }), [lang, loaded]); // eslint-disable-line react-hooks/exhaustive-deps -- loaded re-clones once the language's texts arrive
  const unpublishedKey = unpublished.join(',');
  const host = useMemo(() => previewHost(outer, lang, unpublishedKey ? unpublishedKey.split(',') : []), [outer, lang, unpublishedKey]);
  const compiled = useMemo(() => {
    try {
      const { modules, problems } = compileModules(filesFromSources({ ...subSources, [draft.code]: draft }));
      const module = modules[draft.code];
      return module ? { module } : { error: problems[0]?.message ?? draft.code };
    } catch (error) {
      return { error: (error as Error).message };
    }
  }, [draft, subSources]);
  const shown = 'module' in compiled && compiled.module ? data ?? defaultFormData(compiled.module.schema) : {};

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
      <div className={styles.phone} data-testid="studio-phone" lang={lang}>
        {'error' in compiled ? (
          <MessageBar intent="warning" layout="multiline">{t('studio.previewFailed', { message: compiled.error })}</MessageBar>
        ) : loaded !== lang ? null : (
          <QueryClientProvider client={previewQueries}>
            <RendererHostContext.Provider value={host}>
              <I18nextProvider i18n={previewI18n}>
                <PageErrorBoundary key={`${compiled.module.version}-${view}-${lang}`} fallback={<MessageBar intent="warning">{t('studio.previewFailed', { message: '' })}</MessageBar>}>
                  {view === 'form' && (
                    <ModuleForm key={compiled.module.version} module={compiled.module} initialData={data} onChange={setData} onSubmit={async () => undefined} submitDisabled />
                  )}
                  {view === 'detail' && <DetailCard module={compiled.module} data={shown} />}
                  {view === 'list' && <ListCard module={compiled.module} data={shown} code={`${String(compiled.module.meta.codePrefix ?? '')}-2026-000001`} />}
                </PageErrorBoundary>
              </I18nextProvider>
            </RendererHostContext.Provider>
          </QueryClientProvider>
        )}
      </div>
    </section>
  );
}
