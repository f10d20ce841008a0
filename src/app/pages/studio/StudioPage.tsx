import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Field, Input, MessageBar, Spinner, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { blankModule, copySource, type ModuleSource, type Texts } from '../../../engine';
import { useFeedback } from '../../feedback';
import { usePageStack } from '../../navigation';
import { useSession } from '../../session';
import { usePageStyles } from '../common/page-styles';
import { emptyTexts, TextsInputs } from './builder/texts-inputs';
import { ModuleEditorPage, type ModuleEditorParams } from './ModuleEditorPage';
import { invalidateDefinitions, studioApi, studioModulesQuery, studioSourceQuery, type Published, type StudioModule } from './studio-api';

const CODE = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

const useStyles = makeStyles({
  // A desktop uses its width (the page is wide from 1024 px): the new-module form beside the list.
  layout: {
    display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: tokens.spacingHorizontalXXL, alignItems: 'start',
    '@media (min-width: 1024px)': { gridTemplateColumns: 'minmax(280px, 380px) minmax(0, 1fr)' },
  },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  modules: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
});

/**
 * The module studio (group admins): every module and sub-form with its version and state; edit
 * one, copy one or start from the template under a new code, disable or re-enable a module.
 */
export function StudioPage() {
  const { t, i18n } = useTranslation();
  const styles = { ...usePageStyles(), ...useStyles() };
  const { api } = useSession();
  const stack = usePageStack();
  const feedback = useFeedback();
  const studio = useMemo(() => studioApi(api), [api]);
  const queryClient = useQueryClient();
  const list = useQuery(studioModulesQuery(studio));
  const modules = list.data ?? null;
  const failed = list.isError;
  const [code, setCode] = useState('');
  const [titles, setTitles] = useState<Texts>(emptyTexts);
  const codeValid = CODE.test(code) && code.length >= 2;
  const titled = titles.en.trim() !== '' && titles.ja.trim() !== '' && titles.zh.trim() !== '';

  // Publishing invalidates the list (PublishPage's mutation): it is read again when shown.
  const open = (start: ModuleSource, previous: ModuleEditorParams['previous']) =>
    stack.push<Published, ModuleEditorParams>({ title: start.code, wide: true, component: ModuleEditorPage, params: { api: studio, start, previous } });
  const sourceOf = (module: StudioModule) => queryClient.fetchQuery(studioSourceQuery(studio, module.code));
  const edit = async (module: StudioModule) => {
    const source = await sourceOf(module);
    await open(source, { version: module.version, source });
  };
  // A copy takes the new titles when they are given (its texts otherwise stay the original's).
  const copy = async (module: StudioModule) => {
    const copied = copySource(await sourceOf(module), code);
    if (titled) for (const lang of ['en', 'ja', 'zh'] as const) (copied.locales[lang] as Record<string, unknown>).title = titles[lang];
    await open(copied, null);
  };
  const titleOf = (m: StudioModule) => m.title[i18n.language] || m.title.en || m.code;
  // A failed call already showed the server's message (the API client's toast).
  const toggle = useMutation({
    mutationFn: (module: StudioModule) => studio.setDisabled(module.code, !module.disabled),
    onSuccess: (_answer, module) => feedback.toast(t(module.disabled ? 'studio.enabledDone' : 'studio.disabledDone', { name: titleOf(module) }), 'success'),
    onSettled: () => invalidateDefinitions(queryClient),
  });
  /** Disabling (or enabling) asks first, naming the module as people know it. */
  const askToggle = async (module: StudioModule) => {
    const name = titleOf(module);
    const asked = module.disabled
      ? await feedback.confirm(t('studio.enableConfirm', { name }), t('studio.enableTitle', { name }))
      : await feedback.confirm(t('studio.disableConfirm', { name }), t('studio.disableTitle', { name }), { danger: true });
    if (asked) toggle.mutate(module);
  };
  /** A new blank module opens in the editor; the inputs are emptied for the next one. */
  const createBlank = () => {
    const start = blankModule(code, titles);
    setCode('');
    setTitles(emptyTexts);
    void open(start, null);
  };

  return (
    <section className={mergeClasses(styles.page, styles.layout)} data-testid="studio">
      <div className={styles.form}>
        <Field label={t('studio.newCode')} hint={t('studio.newCodeHelp')} validationMessage={code && !codeValid ? t('studio.codeInvalid') : undefined}>
          <Input value={code} onChange={(_, d) => setCode(d.value.trim())} data-testid="studio-new-code" />
        </Field>
        <TextsInputs label={t('studio.titleLabel')} value={titles} onChange={setTitles} />
        <Text size={200}>{t('studio.newHelp')}</Text>
        <Button disabled={!codeValid || !titled} onClick={createBlank}>{t('studio.newBlank')}</Button>
      </div>
      <div className={styles.modules}>
        {failed && <MessageBar intent="error">{t('studio.loadFailed')}</MessageBar>}
        {!modules && !failed && <Spinner label={t('studio.loading')} />}
        {modules && modules.length === 0 && <Text>{t('studio.empty')}</Text>}
        {modules && modules.length > 0 && (
          <ul className={styles.list} aria-label={t('studio.title')}>
            {modules.map((m) => (
              <li key={m.code} className={styles.row} data-testid={`studio-module-${m.code}`}>
                <span className={styles.rowText}>
                  <Text>{titleOf(m)}</Text>
                  <Text size={200} className={styles.muted}>{m.code} · {t('studio.version', { n: m.version })}</Text>
                </span>
                {m.kind === 'subform' && <Badge appearance="tint" color="informative">{t('studio.subform')}</Badge>}
                {m.disabled && <Badge appearance="tint" color="warning">{t('studio.disabled')}</Badge>}
                <Button size="small" onClick={() => void edit(m)} aria-label={`${t('studio.edit')} ${m.code}`}>{t('studio.edit')}</Button>
                {m.kind === 'module' && (
                  <>
                    <Button size="small" disabled={!codeValid} onClick={() => void copy(m)} aria-label={`${t('studio.copy')} ${m.code}`}>{t('studio.copy')}</Button>
                    <Button size="small" disabled={toggle.isPending} onClick={() => void askToggle(m)} aria-label={t(m.disabled ? 'studio.enableNamed' : 'studio.disableNamed', { name: titleOf(m) })}>{m.disabled ? t('studio.enable') : t('studio.disable')}</Button>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
