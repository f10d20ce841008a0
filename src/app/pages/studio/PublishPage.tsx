import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, MessageBar, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { ModuleSource } from '../../../engine';
import { useFeedback } from '../../feedback';
import { usePageStyles } from '../common/page-styles';
import { PARTS, partTexts } from './draft-parts';
import { changeSentences } from './change-sentences';
import { lineDiff } from './line-diff';
import { meaningDiff } from './meaning-diff';
import { ProblemList } from './ProblemList';
import { invalidateDefinitions, type Published, type StudioApi, type StudioViolation } from './studio-api';

const useStyles = makeStyles({
  diff: { margin: 0, padding: tokens.spacingHorizontalS, overflowX: 'auto', fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, backgroundColor: tokens.colorNeutralBackground2, borderRadius: tokens.borderRadiusMedium },
  added: { display: 'block', backgroundColor: tokens.colorPaletteGreenBackground2 },
  removed: { display: 'block', backgroundColor: tokens.colorPaletteRedBackground2 },
  same: { display: 'block' },
  changes: { margin: 0, paddingLeft: tokens.spacingHorizontalL, overflowWrap: 'anywhere' },
});

export interface PublishParams {
  api: StudioApi;
  draft: ModuleSource;
  /** The published version the draft started from; null for a new module. */
  previous: { version: number; source: ModuleSource } | null;
  /** New item sub-forms the draft's lists use: published first. */
  subForms?: ModuleSource[];
  /** Documents in progress, which keep the version they were filed under. */
  inFlight?: number;
  /** Of those, the documents whose filed approval route differs from the draft's (they keep it). */
  inFlightOldRoute?: number;
}

/**
 * Publish with a diff of meaning (fields, rules, steps, texts added, removed or changed, said in
 * words of the studio's language by their labels and names; key order ignored), the documents in flight that keep the old version, and the JSON line diff for
 * experts. New item sub-forms are published first, then the module (POST new, PUT a version).
 */
export function PublishPage({ params, close }: { params: PublishParams; close(result?: Published): void }) {
  const { t, i18n } = useTranslation();
  const styles = { ...usePageStyles(), ...useStyles() };
  const feedback = useFeedback();
  const queryClient = useQueryClient();
  const [refused, setRefused] = useState<StudioViolation[]>([]);
  const { draft, previous, api, subForms = [], inFlight = 0, inFlightOldRoute = 0 } = params;
  const changes = meaningDiff(previous?.source ?? null, draft);
  const after = partTexts(draft);
  const before = previous ? partTexts(previous.source) : null;
  const changed = PARTS.filter((part) => before && before[part] !== after[part]);

  // Publishing writes definitions: the studio's list, the launchers and every form read them again
  // (also after a refusal, which may follow sub-forms that were published).
  const publish = useMutation({
    mutationFn: async () => {
      // A sub-form published by an earlier, refused attempt gets a new version instead.
      for (const sub of subForms) await api.create(sub).catch((error: { status?: number }) => (error.status === 409 ? api.update(sub) : Promise.reject(error)));
      return previous ? api.update(draft) : api.create(draft);
    },
    onMutate: () => setRefused([]),
    onSuccess: (result) => {
      feedback.toast(result.inFlightOldRoute
        ? t('studio.publishedOldRoute', { code: result.code, version: result.version, n: result.inFlightOldRoute })
        : result.inFlightOlder
          ? t('studio.publishedInFlight', { code: result.code, version: result.version, n: result.inFlightOlder })
          : t('studio.published', { code: result.code, version: result.version }), 'success');
      close(result);
    },
    onError: (error) => setRefused((error as { body?: { violations?: StudioViolation[] } }).body?.violations ?? [{ propertyPath: '', message: error.message }]),
    onSettled: () => invalidateDefinitions(queryClient),
  });

  return (
    <section className={styles.page} data-testid="studio-publish">
      <Text weight="semibold">{previous ? t('studio.diffTitle', { n: previous.version }) : t('studio.diffNew')}</Text>
      {previous && inFlight > 0 && <MessageBar intent="info" layout="multiline" data-testid="studio-in-flight">{t('studio.inFlightKeep', { n: inFlight, version: previous.version })}</MessageBar>}
      {previous && inFlightOldRoute > 0 && <MessageBar intent="warning" layout="multiline" data-testid="studio-in-flight-route">{t('studio.inFlightOldRoute', { n: inFlightOldRoute })}</MessageBar>}
      {subForms.length > 0 && <MessageBar layout="multiline">{t('studio.subFormsFirst', { codes: subForms.map((s) => s.code).join(', ') })}</MessageBar>}
      {previous && changes.length === 0 && <MessageBar>{t('studio.diffNone')}</MessageBar>}
      {changes.length > 0 && (
        <ul className={styles.changes} data-testid="studio-meaning-diff" aria-label={t('studio.meaningDiff')}>
          {changeSentences(t, changes, previous?.source ?? null, draft, i18n.language).map((sentence, i) => <li key={i}>{sentence}</li>)}
        </ul>
      )}
      {changed.length > 0 && (
        <details>
          <summary>{t('studio.jsonDiff')}</summary>
          {changed.map((part) => (
            <div key={part}>
              <Text>{t(`studio.parts.${part}`)}</Text>
              <pre className={styles.diff} data-testid={`studio-diff-${part}`}>
                {lineDiff(before![part], after[part]).map((line, i) => (
                  <span key={i} className={line.kind === '+' ? styles.added : line.kind === '-' ? styles.removed : styles.same}>{`${line.kind} ${line.text}`}</span>
                ))}
              </pre>
            </div>
          ))}
        </details>
      )}
      {refused.length > 0 && (
        <MessageBar intent="error" layout="multiline">
          <div>
            {t('studio.refused', { n: refused.length })}
            <ProblemList problems={refused} className={styles.changes} testId="studio-refused" />
          </div>
        </MessageBar>
      )}
      <Button appearance="primary" size="large" disabled={publish.isPending} onClick={() => publish.mutate()}>{t('studio.publishConfirm')}</Button>
    </section>
  );
}
