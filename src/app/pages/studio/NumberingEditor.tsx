import { Field, Input, Select, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { formatNumber, parseNumberingFormat, type ModuleNumbering, type ModuleSource, type NumberingRule } from '../../../engine';

const useStyles = makeStyles({
  box: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  rule: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, padding: tokens.spacingHorizontalS, border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, minWidth: 0 },
  // A long option (ja: 共有の連番（…）) must not widen the select past a 390 px screen: it is cut with an ellipsis instead.
  select: { width: '100%', minWidth: 0, textOverflow: 'ellipsis' },
  muted: { color: tokens.colorNeutralForeground3 },
  code: { fontFamily: tokens.fontFamilyMonospace, overflowWrap: 'anywhere' },
});

const KINDS = ['application', 'decision'] as const;

/** The module's numbering rules (`ui:module.numbering`), absent when it has none. */
export function numberingOf(source: ModuleSource): ModuleNumbering {
  return ((source.uiSchema['ui:module'] as { numbering?: ModuleNumbering } | undefined)?.numbering) ?? {};
}

/**
 * The module's numbering rules as a form (issue #36 item 1): per number a format (with an example
 * of what it gives, or why it cannot be used) and whose counter it runs on. Writes
 * `ui:module.numbering`; an emptied format removes that number. The checker judges the same
 * formats with the engine's `parseNumberingFormat`.
 */
export function NumberingEditor({ source, onChange }: { source: ModuleSource; onChange(numbering: ModuleNumbering | undefined): void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const numbering = numberingOf(source);
  const prefix = (source.uiSchema['ui:module'] as { codePrefix?: string } | undefined)?.codePrefix ?? source.code.toUpperCase();
  const set = (kind: typeof KINDS[number], rule: NumberingRule | undefined) => {
    const next: ModuleNumbering = { ...numbering };
    if (rule) next[kind] = rule;
    else delete next[kind];
    onChange(Object.keys(next).length ? next : undefined);
  };
  return (
    <section className={styles.box} data-testid="studio-numbering" aria-labelledby="studio-numbering-title">
      <Text weight="semibold" id="studio-numbering-title">{t('studio.numbering.title')}</Text>
      <Text className={styles.muted}>{t('studio.numbering.intro')}</Text>
      {KINDS.map((kind) => {
        const rule = numbering[kind];
        const format = rule?.format ?? '';
        const parsed = format ? parseNumberingFormat(format) : null;
        const example = parsed && 'parts' in parsed
          ? formatNumber(format, { companyCode: 'RH', fiscalYear: 2026, year: 2026, month: 4, moduleCode: prefix, sequence: 1 }) : null;
        return (
          <div key={kind} className={styles.rule}>
            <Field
              label={t(`studio.numbering.${kind}`)}
              validationState={parsed && 'problem' in parsed ? 'error' : 'none'}
              validationMessage={parsed && 'problem' in parsed ? t('studio.numbering.invalid') : undefined}
              hint={example ? t('studio.numbering.example', { number: example }) : undefined}
            >
              <Input
                className={styles.code}
                value={format}
                maxLength={64}
                data-numbering-format={kind}
                onChange={(_, d) => set(kind, d.value ? { ...rule, format: d.value } : undefined)}
              />
            </Field>
            <Field label={t('studio.numbering.sequence')}>
              <Select
                className={styles.select}
                select={{ className: styles.select }}
                value={rule?.sequence ?? 'module'}
                disabled={!rule}
                data-numbering-sequence={kind}
                onChange={(_, d) => rule && set(kind, { ...rule, sequence: d.value as 'module' | 'shared' })}
              >
                <option value="module">{t('studio.numbering.sequences.module')}</option>
                <option value="shared">{t('studio.numbering.sequences.shared')}</option>
              </Select>
            </Field>
          </div>
        );
      })}
      <Text size={200} className={styles.muted}>{t('studio.numbering.tokens')}</Text>
    </section>
  );
}
