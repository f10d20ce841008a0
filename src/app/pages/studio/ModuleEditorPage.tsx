import { useEffect, useMemo, useState } from 'react';
import { useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { Badge, Button, MessageBar, Tab, TabList, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { ATTACHMENTS_META, PROCESS_META, RULES_META, SCHEMA_FILE_META, UI_SCHEMA_META, stableStringify, type ModuleNumbering, type ModuleSource, type ProcessFile } from '../../../engine';
import { useFeedback } from '../../feedback';
import { toLanguage } from '../../i18n';
import { usePageStack } from '../../navigation';
import { usePageStyles } from '../common/page-styles';
import { BuilderPanel } from './builder/BuilderPanel';
import { PARTS, partOf, partTexts, sourceFromTexts, type Part } from './draft-parts';
import { JsonEditor } from './JsonEditor';
import { ModulePreview } from './ModulePreview';
import { ProblemList } from './ProblemList';
import { PublishPage, type PublishParams } from './PublishPage';
import { RuleRunner } from './RuleRunner';
import { PositionChoicesContext, useCompanyPositionChoices } from './position-names';
import { NumberingEditor } from './NumberingEditor';
import { StepsEditor } from './StepsEditor';
import { useDebouncedValue } from '../../../renderer/widgets/use-debounced-value';
import { studioKeys, studioSourceQuery, type Published, type StudioApi, type StudioCheck } from './studio-api';

const useStyles = makeStyles({
  // Editor and phone preview side by side from 1024 px; one column on a phone.
  layout: {
    display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: tokens.spacingHorizontalL, alignItems: 'start',
    '@media (min-width: 1024px)': { gridTemplateColumns: 'minmax(0, 1fr) 430px' },
  },
  side: { '@media (min-width: 1024px)': { position: 'sticky', top: 0 } },
  editor: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  tabs: { overflowX: 'auto' },
  problems: { margin: 0, paddingLeft: tokens.spacingHorizontalL, color: tokens.colorPaletteRedForeground1 },
  warnings: { margin: 0, paddingLeft: tokens.spacingHorizontalL, color: tokens.colorPaletteDarkOrangeForeground1 },
  bar: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
  publishBar: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap', minWidth: 0 },
  first: { minWidth: 0, overflowWrap: 'anywhere', color: tokens.colorPaletteRedForeground1 },
});

const META: Partial<Record<Part, Record<string, unknown>>> = {
  schema: SCHEMA_FILE_META, uiSchema: UI_SCHEMA_META, rules: RULES_META, process: PROCESS_META, attachments: ATTACHMENTS_META,
};

type Tabbed = Part | 'builder';

export interface ModuleEditorParams {
  api: StudioApi;
  /** The source to start from (a module's latest version, a copy or a blank). */
  start: ModuleSource;
  /** The published version `start` is; null when the module is new. */
  previous: { version: number; source: ModuleSource } | null;
}

/** The pause after typing before the server's checker looks at the draft. */
const CHECK_DEBOUNCE_MS = 500;

/** Loaded sub-form sources by code (a module-level function: `useQueries` keeps its result while nothing arrives). */
function sourcesByCode(results: Array<UseQueryResult<ModuleSource>>): Record<string, ModuleSource> {
  return Object.fromEntries(results.flatMap((result) => (result.data ? [[result.data.code, result.data]] : [])));
}

/** Codes of the sub-forms a schema references (`{"$ref": "<code>"}`). */
function refsOf(schema: unknown): string[] {
  return [...JSON.stringify(schema ?? {}).matchAll(/"\$ref":"([a-z0-9-]+)"/g)].map((m) => m[1]);
}

/**
 * Edits one module: the builder (fields, item lists and rules by form), each part in a JSON
 * editor (meta-schema completion, the checker's messages inline), the steps in a form, a live
 * phone preview beside it, the rule-table runner, and Publish — disabled while the checker finds
 * problems (their count and the first one beside it). Leaving with unsaved changes asks first.
 */
export function ModuleEditorPage({ params, close }: { params: ModuleEditorParams; close(result?: Published): void }) {
  const { t, i18n } = useTranslation();
  const styles = { ...usePageStyles(), ...useStyles() };
  const stack = usePageStack();
  const feedback = useFeedback();
  const { api, start, previous } = params;
  const [texts, setTexts] = useState(() => partTexts(start));
  const [tab, setTab] = useState<Tabbed>('builder');
  const [newSubs, setNewSubs] = useState<Record<string, ModuleSource>>({});
  // The form the builder edits: the preview shows it (an item form as its item page).
  const [editedForm, setEditedForm] = useState<string | null>(null);
  const { source, errors } = useMemo(() => sourceFromTexts(start, texts), [start, texts]);
  const dirty = useMemo(() => stableStringify(source) !== stableStringify(start) || Object.keys(newSubs).length > 0, [source, start, newSubs]);

  // Leaving (toolbar back, browser back, closing the tab) with unsaved changes asks first.
  const [pageId] = useState(() => stack.top?.id);
  useEffect(() => {
    if (pageId === undefined || !dirty) return;
    stack.setLeaveGuard(pageId, () => feedback.confirm(t('studio.leaveConfirm'), t('studio.leaveTitle')));
    const unload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', unload);
    return () => {
      stack.setLeaveGuard(pageId, null);
      window.removeEventListener('beforeunload', unload);
    };
  }, [dirty, pageId, stack, feedback, t]);

  // Sub-forms the schema references (published ones from the server, one source query each; new ones are drafts here).
  const refs = [...new Set(refsOf(source.schema))].filter((code) => !newSubs[code]);
  const subSources = useQueries({ queries: refs.map((code) => studioSourceQuery(api, code)), combine: sourcesByCode });

  // The server's checker on the draft (with its new sub-forms), once typing has stopped for a moment:
  // a query per draft, so a draft checked before (an undo) is known at once. Until the check of
  // the draft as it is now answers, the editor says "checking" and Publish waits.
  const draftKey = JSON.stringify([source, ...Object.values(newSubs)]);
  const settled = useDebouncedValue(draftKey, CHECK_DEBOUNCE_MS);
  const checked = useQuery({
    // The server words its problems in the studio's language: another language is another verdict.
    queryKey: studioKeys.check(settled, i18n.language),
    queryFn: () => {
      const [draft, ...subs] = JSON.parse(settled) as ModuleSource[];
      return subs.length ? api.checkSet([draft, ...subs]) : api.check(draft);
    },
    retry: false,
  });
  const check: StudioCheck | null =
    settled !== draftKey || checked.isPending || checked.isFetching
      ? null
      : checked.isError
        ? { violations: [{ propertyPath: '', message: checked.error.message }], warnings: [], inFlight: 0, inFlightOldRoute: 0 }
        : (checked.data ?? null);

  const violations = check?.violations ?? null;
  const part = tab === 'builder' ? null : tab;
  const inPart = (violations ?? []).flatMap((v) => {
    const at = partOf(v.propertyPath);
    // A problem of another form (its detail names the module) has no place in this form's JSON.
    return part && at && at.part === part && !(v.detail ?? '').startsWith('in module') ? [{ pointer: at.pointer, message: v.message }] : [];
  });
  const setText = (p: Part, text: string) => setTexts((known) => (known[p] === text ? known : { ...known, [p]: text }));
  /** A builder change: every part it touched gets its new text (the JSON tabs show it at once). */
  const setSource = (next: ModuleSource) => {
    const nextTexts = partTexts(next);
    setTexts((known) => Object.fromEntries(PARTS.map((p) => [p, JSON.stringify(JSON.parse(known[p] || 'null')) === JSON.stringify(next[p]) ? known[p] : nextTexts[p]])) as Record<Part, string>);
  };
  /** The numbering form's change, written into the UI schema's `ui:module` (absent = no numbers). */
  const setNumbering = (numbering: ModuleNumbering | undefined) => {
    const { numbering: _old, ...rest } = (source.uiSchema['ui:module'] ?? {}) as Record<string, unknown>;
    setSource({ ...source, uiSchema: { ...source.uiSchema, 'ui:module': numbering ? { ...rest, numbering } : rest } });
  };
  const setFormSource = (next: ModuleSource) => (next.code === source.code ? setSource(next) : setNewSubs((subs) => ({ ...subs, [next.code]: next })));
  const parseErrors = Object.keys(errors).length;
  const problemCount = (violations?.length ?? 0) + parseErrors;
  const blocked = violations === null || problemCount > 0;
  const firstProblem = parseErrors ? t('studio.notJson', { message: Object.values(errors)[0] }) : violations?.[0] ? violations[0].message : null;

  const publish = async () => {
    const result = await stack.push<Published, PublishParams>({
      title: { key: 'studio.publishTitle', params: { code: source.code } }, component: PublishPage,
      params: { api, draft: source, previous, subForms: Object.values(newSubs), inFlight: check?.inFlight ?? 0, inFlightOldRoute: check?.inFlightOldRoute ?? 0 },
    });
    if (result) {
      if (pageId !== undefined) stack.setLeaveGuard(pageId, null);
      close(result);
    }
  };

  const forms = [source, ...Object.values(newSubs)];
  const isSubform = (source.uiSchema['ui:module'] as { kind?: string } | undefined)?.kind === 'subform';
  // Approver rules name positions by their names in the studio's language (the route saves codes).
  const positions = useCompanyPositionChoices();

  return (
    <PositionChoicesContext.Provider value={positions}>
      <section className={mergeClasses(styles.page, styles.layout)} data-testid="studio-editor">
        <div className={styles.editor}>
          <div className={styles.bar}>
            <Text weight="semibold"><code>{source.code}</code></Text>
            {previous && <Badge appearance="tint">{t('studio.version', { n: previous.version })}</Badge>}
            {dirty && <Badge appearance="tint" color="warning">{t('studio.unsaved')}</Badge>}
          </div>
          <div className={styles.publishBar}>
            <Button appearance="primary" disabled={blocked} onClick={() => void publish()} data-testid="studio-publish-open" aria-describedby="studio-check">
              {t('studio.publish')}
            </Button>
            <span id="studio-check" data-testid="studio-check" aria-live="polite" className={problemCount ? styles.first : undefined}>
              {violations === null && !parseErrors ? t('studio.checking') : problemCount ? `${t('studio.problems', { n: problemCount })} — ${firstProblem}` : t('studio.noProblems')}
            </span>
          </div>
          <TabList className={styles.tabs} selectedValue={tab} onTabSelect={(_, d) => setTab(d.value as Tabbed)}>
            <Tab value="builder">{t('studio.builder.title')}</Tab>
            {PARTS.map((p) => <Tab key={p} value={p}>{t(`studio.parts.${p}`)}{errors[p] ? ' ⚠' : ''}</Tab>)}
          </TabList>
          {tab === 'builder' && (
            <>
              <BuilderPanel forms={forms} onChange={setFormSource} onCreateSubForm={(sub) => setNewSubs((subs) => ({ ...subs, [sub.code]: sub }))} onFormChange={setEditedForm} />
              {!isSubform && <StepsEditor source={source} problems={violations ?? []} value={source.process as ProcessFile | null} onChange={(next) => setText('process', JSON.stringify(next, null, 2))} />}
              {!isSubform && <NumberingEditor source={source} onChange={setNumbering} />}
            </>
          )}
          {part === 'process' && !isSubform && (
            <StepsEditor source={source} problems={violations ?? []} value={source.process as ProcessFile | null} onChange={(next) => setText('process', JSON.stringify(next, null, 2))} />
          )}
          {part && (
            <JsonEditor
              key={part}
              value={texts[part]}
              onChange={(text) => setText(part, text)}
              schema={META[part]}
              problems={inPart}
              label={t('studio.partLabel', { part: t(`studio.parts.${part}`) })}
              testId={`studio-editor-${part}`}
            />
          )}
          {part && errors[part] && <MessageBar intent="error">{t('studio.notJson', { message: errors[part] })}</MessageBar>}
          {violations && violations.length > 0 && <ProblemList problems={violations} className={styles.problems} testId="studio-problems" />}
          {check && check.warnings.length > 0 && <ProblemList problems={check.warnings} className={styles.warnings} testId="studio-warnings" label={t('studio.warnings')} />}
          <RuleRunner draft={source} api={api} lang={toLanguage(i18n.language)} />
        </div>
        <div className={styles.side}>
          <ModulePreview draft={source} subSources={{ ...subSources, ...newSubs }} unpublished={previous ? Object.keys(newSubs) : [source.code, ...Object.keys(newSubs)]} formCode={tab === 'builder' ? editedForm : null} />
        </div>
      </section>
    </PositionChoicesContext.Provider>
  );
}
