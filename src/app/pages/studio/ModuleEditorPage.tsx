import { useEffect, useMemo, useState } from 'react';
import { Badge, Button, MessageBar, Tab, TabList, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { ATTACHMENTS_META, PROCESS_META, RULES_META, SCHEMA_FILE_META, UI_SCHEMA_META, type ModuleSource, type ProcessFile } from '../../../engine';
import { usePageStack } from '../../navigation';
import { usePageStyles } from '../common/page-styles';
import { PARTS, partOf, partTexts, sourceFromTexts, type Part } from './draft-parts';
import { JsonEditor } from './JsonEditor';
import { ModulePreview } from './ModulePreview';
import { PublishPage, type PublishParams } from './PublishPage';
import { RuleRunner } from './RuleRunner';
import { StepsEditor } from './StepsEditor';
import type { Published, StudioApi, StudioViolation } from './studio-api';

const useStyles = makeStyles({
  tabs: { overflowX: 'auto' },
  problems: { margin: 0, paddingLeft: tokens.spacingHorizontalL, color: tokens.colorPaletteRedForeground1 },
  bar: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
});

const META: Partial<Record<Part, Record<string, unknown>>> = {
  schema: SCHEMA_FILE_META, uiSchema: UI_SCHEMA_META, rules: RULES_META, process: PROCESS_META, attachments: ATTACHMENTS_META,
};

export interface ModuleEditorParams {
  api: StudioApi;
  /** The source to start from (a module's latest version, a copy or a template). */
  start: ModuleSource;
  /** The published version `start` is; null when the module is new. */
  previous: { version: number; source: ModuleSource } | null;
}

/** Codes of the sub-forms a schema references (`{"$ref": "<code>"}`). */
function refsOf(schema: unknown): string[] {
  return [...JSON.stringify(schema ?? {}).matchAll(/"\$ref":"([a-z0-9-]+)"/g)].map((m) => m[1]);
}

/**
 * Edits one module: each part in a JSON editor (meta-schema completion, inline checker
 * messages from the server's checker as you type), the steps in a form, a live preview, the
 * rule-table runner, and publish with a diff.
 */
export function ModuleEditorPage({ params, close }: { params: ModuleEditorParams; close(result?: Published): void }) {
  const { t, i18n } = useTranslation();
  const styles = { ...usePageStyles(), ...useStyles() };
  const stack = usePageStack();
  const { api, start, previous } = params;
  const [texts, setTexts] = useState(() => partTexts(start));
  const [part, setPart] = useState<Part>('schema');
  const [violations, setViolations] = useState<StudioViolation[] | null>(null);
  const [subSources, setSubSources] = useState<Record<string, ModuleSource>>({});
  const { source, errors } = useMemo(() => sourceFromTexts(start, texts), [start, texts]);
  const sourceKey = JSON.stringify(source);

  // Sub-forms the schema references, for the preview's compile.
  const refs = refsOf(source.schema).filter((code) => !subSources[code]).join(',');
  useEffect(() => {
    if (!refs) return;
    let live = true;
    void Promise.all(refs.split(',').map(async (code) => [code, await api.source(code)] as const)).then((loaded) => {
      if (live) setSubSources((known) => ({ ...known, ...Object.fromEntries(loaded) }));
    }, () => undefined);
    return () => { live = false; };
  }, [refs, api]);

  // The server's checker on the draft, shortly after typing stops.
  useEffect(() => {
    setViolations(null);
    const timer = setTimeout(() => {
      api.check(source).then((checked) => setViolations(checked.violations), (error: Error) => setViolations([{ propertyPath: '', message: error.message }]));
    }, 500);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- sourceKey stands for source (a new object on every render)
  }, [sourceKey, api]);

  const inPart = (violations ?? []).flatMap((v) => {
    const at = partOf(v.propertyPath);
    return at && at.part === part && !v.message.startsWith('in module') ? [{ pointer: at.pointer, message: v.message }] : [];
  });
  const setText = (p: Part, text: string) => setTexts((known) => (known[p] === text ? known : { ...known, [p]: text }));

  const publish = async () => {
    const result = await stack.push<Published, PublishParams>({ title: t('studio.publishTitle', { code: source.code }), component: PublishPage, params: { api, draft: source, previous } });
    if (result) close(result);
  };

  return (
    <section className={styles.page} data-testid="studio-editor">
      <div className={styles.bar}>
        <Text weight="semibold">{source.code}</Text>
        {previous && <Badge appearance="tint">{t('studio.version', { n: previous.version })}</Badge>}
        <span data-testid="studio-check" aria-live="polite">
          {violations === null ? t('studio.checking') : violations.length ? t('studio.problems', { n: violations.length }) : t('studio.noProblems')}
        </span>
      </div>
      <TabList className={styles.tabs} selectedValue={part} onTabSelect={(_, d) => setPart(d.value as Part)}>
        {PARTS.map((p) => <Tab key={p} value={p}>{t(`studio.parts.${p}`)}{errors[p] ? ' ⚠' : ''}</Tab>)}
      </TabList>
      {part === 'process' && (source.uiSchema['ui:module'] as { kind?: string } | undefined)?.kind !== 'subform' && (
        <StepsEditor value={source.process as ProcessFile | null} onChange={(next) => setText('process', JSON.stringify(next, null, 2))} />
      )}
      <JsonEditor
        key={part}
        value={texts[part]}
        onChange={(text) => setText(part, text)}
        schema={META[part]}
        problems={inPart}
        label={t('studio.partLabel', { part: t(`studio.parts.${part}`) })}
        testId={`studio-editor-${part}`}
      />
      {errors[part] && <MessageBar intent="error">{t('studio.notJson', { message: errors[part] })}</MessageBar>}
      {violations && violations.length > 0 && (
        <ul className={styles.problems} data-testid="studio-problems">
          {violations.map((v, i) => <li key={i}><code>{v.propertyPath}</code> {v.message}</li>)}
        </ul>
      )}
      <ModulePreview draft={source} subSources={subSources} />
      <RuleRunner draft={source} api={api} lang={i18n.language} />
      <Button appearance="primary" size="large" disabled={Object.keys(errors).length > 0} onClick={() => void publish()} data-testid="studio-publish-open">
        {t('studio.publish')}
      </Button>
    </section>
  );
}
