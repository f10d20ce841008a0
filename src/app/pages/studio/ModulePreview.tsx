import { useEffect, useMemo, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MessageBar, Tab, TabList, Text, ToggleButton, makeStyles, tokens } from '@fluentui/react-components';
import { compileModules, filesFromSources, type FormData, type ModuleSource } from '../../../engine';
import type { MasterProcess } from '../../../wire/processes';
import { DetailCard, ListCard, ModuleForm, RendererHostContext, SubForm, useRendererHost, type RendererHost } from '../../../renderer';
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
 * The draft's approval steps as `/master_processes?module_code=` answers them (the server knows
 * only the published steps, or none for a new module): the preview's form shows the steps being
 * edited, never "no approval process" while the draft has one.
 */
function draftSteps(draft: ModuleSource, lang: Language): { 'hydra:member': MasterProcess[]; 'hydra:totalItems': number } {
  const steps = Array.isArray(draft.process?.steps) ? draft.process.steps : [];
  const member = steps.map((step, i) => ({
    id: -(i + 1), optional: step.optional === true, any_of: step.anyOf !== false, position: i + 1, module_code: draft.code,
    process: { id: -(i + 1), code: step.code, name: step.names?.[lang] || step.names?.en || step.code },
  }));
  return { 'hydra:member': member, 'hydra:totalItems': member.length };
}

/**
 * The host the preview renders under: the preview's language, the draft's own steps (their
 * approver pickers asking for the published steps' candidates), and for a module not published
 * yet no server call that names it (its stamp numbers … do not exist: an
 * empty answer instead of a "module does not exist" toast). Nothing the preview does writes to the server.
 */
function previewHost(outer: RendererHost, lang: Language, unpublished: string[], draft: ModuleSource): RendererHost {
  const names = (path: string, params?: Record<string, unknown>) => unpublished.some((code) => path.includes(code) || Object.values(params ?? {}).includes(code));
  const refuse = () => Promise.reject(new Error('preview'));
  const get = <T,>(path: string, params?: Record<string, unknown>): Promise<T> => (
    path === '/master_processes' && params?.module_code === draft.code ? Promise.resolve(draftSteps(draft, lang) as T)
      : path === '/users/approver' && typeof params?.masterProcessId === 'number' && params.masterProcessId < 0 ? draftStepCandidates<T>(params, params.masterProcessId)
        : names(path, params) ? Promise.resolve(EMPTY_COLLECTION as T)
          : outer.api.get<T>(path, params));
  /**
   * A draft step's approver picker (its id is the preview's own, below zero): the candidates of the
   * published step of the same code (the server's rule for it), or — a step not published yet — the
   * people the picker would offer without a step's rule.
   */
  const draftStepCandidates = async <T,>(params: Record<string, unknown>, draftId: number): Promise<T> => {
    const { masterProcessId: _draft, ...rest } = params;
    const code = draftSteps(draft, lang)['hydra:member'].find((step) => step.id === draftId)?.process?.code;
    const published = unpublished.includes(draft.code) || code === undefined ? undefined
      : (await outer.api.get<{ 'hydra:member'?: MasterProcess[] }>('/master_processes', { module_code: draft.code }))?.['hydra:member']?.find((step) => step.process?.code === code);
    return outer.api.get<T>('/users/approver', published ? { ...rest, masterProcessId: published.id } : rest);
  };
  return {
    ...outer,
    language: lang,
    toast: () => undefined,
    api: {
      get,
      post: refuse,
      delete: refuse,
      upload: refuse,
    },
  };
}

/**
 * The live preview of a draft: compiled in the browser by the engine (as the server will), then
 * rendered by the real renderer as the form, the detail card and the list card, in the language
 * chosen here (the app's own language stays), inside a 390 × 844 phone frame. While the builder
 * edits an item form (`formCode`), the form view shows that item's page.
 */
export function ModulePreview({ draft, subSources, unpublished, formCode }: {
  draft: ModuleSource; subSources: Record<string, ModuleSource>; unpublished: string[];
  /** The form the builder is editing: an item sub-form of the draft shows as its item page. */
  formCode?: string | null;
}) {
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
  const host = useMemo(() => previewHost(outer, lang, unpublishedKey ? unpublishedKey.split(',') : [], draft), [outer, lang, unpublishedKey, draft]);
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
  // The item form being edited, as the item page a person opens from the list.
  const itemForm = formCode && formCode !== draft.code && 'module' in compiled ? compiled.module?.subForms?.[formCode] ?? null : null;

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
                <PageErrorBoundary key={`${compiled.module.version}-${view}-${lang}-${itemForm?.code ?? ''}`} fallback={<MessageBar intent="warning">{t('studio.previewFailed', { message: '' })}</MessageBar>}>
                  {view === 'form' && itemForm && (
                    <section aria-label={t('studio.builder.itemForm', { code: itemForm.code })} data-testid="studio-preview-item">
                      <SubForm key={`${itemForm.code}-${compiled.module.version}`} module={itemForm} parent={shown} onDone={() => undefined} />
                    </section>
                  )}
                  {view === 'form' && !itemForm && (
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
