import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button, Field, MessageBar, Text, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { Lang, ModuleSource } from '../../../engine';
import type { StudioApi, StudioJudgement } from './studio-api';
import { ProblemList } from './ProblemList';

const useStyles = makeStyles({
  box: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  mono: { fontFamily: tokens.fontFamilyMonospace },
  langs: { margin: 0, '& div': { display: 'flex', gap: tokens.spacingHorizontalS }, '& dt': { fontWeight: tokens.fontWeightSemibold, minWidth: '2em' }, '& dd': { margin: 0 } },
});

type Outcome = StudioJudgement | { error: string };

/**
 * The rule-table runner: paste a submission body, get the ordered violations the server would
 * answer — the very `npm run check` verdict, computed on the server with the draft definition
 * (and refused, with the reasons, while the draft is broken).
 */
export function RuleRunner({ draft, api, lang }: { draft: ModuleSource; api: StudioApi; lang: Lang }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [body, setBody] = useState('{}');
  const [notJson, setNotJson] = useState<string | null>(null);
  // The verdict is computed on the server (a POST that changes nothing, so nothing to invalidate).
  const judge = useMutation({ mutationFn: (parsed: unknown) => api.judge(draft, parsed, lang) });
  const outcome: Outcome | null = notJson !== null ? { error: notJson } : judge.isError ? { error: judge.error.message } : (judge.data ?? null);
  const busy = judge.isPending;

  const run = () => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch (error) {
      judge.reset();
      setNotJson(t('studio.notJson', { message: (error as Error).message }));
      return;
    }
    setNotJson(null);
    judge.mutate(parsed);
  };

  return (
    <section className={styles.box} aria-label={t('studio.runner')} data-testid="studio-runner">
      <Text weight="semibold">{t('studio.runner')}</Text>
      <Field label={t('studio.runnerBody')}>
        <Textarea className={styles.mono} resize="vertical" rows={5} value={body} onChange={(_, d) => setBody(d.value)} />
      </Field>
      <Button onClick={run} disabled={busy}>{t('studio.runnerRun')}</Button>
      {outcome && 'error' in outcome && <MessageBar intent="error">{outcome.error}</MessageBar>}
      {outcome && !('error' in outcome) && outcome.definitionProblems.length > 0 && (
        <MessageBar intent="error" layout="multiline">
          <div>
            {t('studio.runnerDefinition')}
            {/* The checker's sentences, each with its technical detail folded (issue #32 item 5). */}
            <ProblemList problems={outcome.definitionProblems} />
          </div>
        </MessageBar>
      )}
      {outcome && !('error' in outcome) && outcome.definitionProblems.length === 0 && (
        outcome.valid ? <MessageBar intent="success">{t('studio.runnerValid')}</MessageBar> : (
          <ol data-testid="studio-runner-violations">
            {outcome.violations.map((v, i) => (
              <li key={i}>
                <code>{v.propertyPath}</code>
                {/* Every reader's message: the rule's own text in en, ja and zh. */}
                <dl className={styles.langs}>
                  {Object.entries(v.messages ?? { [lang]: v.message }).map(([l, m]) => (
                    <div key={l}><dt>{l}</dt><dd lang={l}>{m}</dd></div>
                  ))}
                </dl>
              </li>
            ))}
          </ol>
        )
      )}
    </section>
  );
}
