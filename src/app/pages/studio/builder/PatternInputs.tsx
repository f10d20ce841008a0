import { useId, useState } from 'react';
import { Field, Input, Select, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { TEXT_PATTERNS, textPatternId, type TextPatternId, type Texts } from '../../../../engine';
// By path: the RE2 port comes with the studio's chunk, not the engine's every page loads.
import { patternProblem, testPattern } from '../../../../engine/regexp/pattern-problem';
import { emptyTexts, TextsInputs } from './texts-inputs';

const useStyles = makeStyles({
  box: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, padding: tokens.spacingHorizontalS, margin: 0 },
  results: { margin: 0, paddingLeft: 0, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  pass: { color: tokens.colorPaletteGreenForeground1 },
  fail: { color: tokens.colorPaletteRedForeground1 },
  sample: { fontFamily: tokens.fontFamilyMonospace, overflowWrap: 'anywhere' },
});

/** A text field's format as the dialog edits it: the pattern (none = any text) and its message in every language. */
export interface PatternValue {
  pattern?: string;
  patternMessages?: Texts;
}

/** Where the dialog's refusal of a format belongs: the pattern itself or its messages. */
export type PatternError = { at: 'pattern' | 'messages'; text: string } | null;

/**
 * A text field's format (issue #32 item 4), no JSON typed: a ready format (a code such as
 * PRJ-0001, a postal code, a phone number, an invoice T-number) or the analyst's own pattern,
 * its message in en/ja/zh, and a tester — sample inputs, one per line, each marked as passing or
 * failing with the same linear-time engine (RE2) the server checks submissions with. A pattern RE2
 * cannot run is said at once, beside the pattern.
 */
export function PatternInputs({ value, onChange, error }: { value: PatternValue; onChange(next: PatternValue): void; error?: PatternError }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const resultsId = useId();
  const [choice, setChoice] = useState<TextPatternId | 'none'>(() => (value.pattern === undefined ? 'none' : textPatternId(value.pattern)));
  const ready = TEXT_PATTERNS.find((p) => p.id === choice);
  const [samples, setSamples] = useState(() => (ready ? ready.samples.join('\n') : ''));
  const pattern = value.pattern ?? '';
  const problem = choice === 'custom' && pattern !== '' ? patternProblem(pattern) : null;
  const lines = samples.split('\n').filter((line) => line !== '');
  const verdicts = choice === 'none' ? null : testPattern(pattern, lines);

  const choose = (next: TextPatternId | 'none') => {
    setChoice(next);
    const preset = TEXT_PATTERNS.find((p) => p.id === next);
    if (next === 'none') onChange({});
    else if (preset) {
      // A ready format brings its message, unless the analyst wrote one already.
      const written = value.patternMessages && Object.values(value.patternMessages).some((m) => m.trim() !== '');
      onChange({ pattern: preset.pattern, patternMessages: written ? value.patternMessages : { ...preset.messages } });
      setSamples(preset.samples.join('\n'));
    } else onChange({ pattern, patternMessages: value.patternMessages ?? emptyTexts() });
  };

  const patternMessage = error?.at === 'pattern' ? error.text : problem ? t('studio.builder.refused.pattern', { reason: problem }) : undefined;
  return (
    <fieldset className={styles.box} data-testid="studio-pattern">
      <Field label={t('studio.builder.format')} hint={t('studio.builder.formatHint')}>
        <Select value={choice} onChange={(_, d) => choose(d.value as TextPatternId | 'none')}>
          <option value="none">{t('studio.builder.patterns.none')}</option>
          {TEXT_PATTERNS.map((p) => <option key={p.id} value={p.id}>{t(`studio.builder.patterns.${p.id}`)}</option>)}
          <option value="custom">{t('studio.builder.patterns.custom')}</option>
        </Select>
      </Field>
      {choice !== 'none' && (
        <>
          <Field
            label={t('studio.builder.pattern')}
            hint={t('studio.builder.patternHint')}
            validationState={patternMessage ? 'error' : 'none'}
            validationMessage={patternMessage}
          >
            <Input
              value={pattern}
              readOnly={choice !== 'custom'}
              className={styles.sample}
              onChange={(_, d) => onChange({ pattern: d.value, patternMessages: value.patternMessages ?? emptyTexts() })}
            />
          </Field>
          <TextsInputs
            label={t('studio.builder.patternMessage')}
            value={value.patternMessages ?? emptyTexts()}
            onChange={(patternMessages) => onChange({ pattern, patternMessages })}
            error={error?.at === 'messages' ? error.text : undefined}
          />
          <Field label={t('studio.builder.patternSamples')}>
            <Textarea rows={3} value={samples} onChange={(_, d) => setSamples(d.value)} aria-describedby={resultsId} />
          </Field>
          <div id={resultsId} aria-live="polite">
            {lines.length === 0 || !verdicts ? (
              lines.length === 0 ? <span>{t('studio.builder.patternNoSamples')}</span> : null
            ) : (
              <ul className={styles.results} aria-label={t('studio.builder.patternResults')} data-testid="studio-pattern-results">
                {lines.map((line, i) => (
                  <li key={i} className={verdicts[i] ? styles.pass : styles.fail} data-passes={verdicts[i]}>
                    {verdicts[i] ? '✓' : '✗'} <span className={styles.sample}>{line}</span> — {t(verdicts[i] ? 'studio.builder.patternPasses' : 'studio.builder.patternFails')}
                  </li>
                ))}
              </ul>
            )}
          </div>
        </>
      )}
    </fieldset>
  );
}
