import { useMemo, type ReactNode } from 'react';
import { Card, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { createRuntime, type CompiledModule, type JsonSchema, type RuleContext } from '../engine';
import { fieldDefinition, fieldLabel, FieldValue, isPlainObject, objectSubFields } from './cards/FieldValue';
import { ItemsSummary } from './cards/ItemsSummary';
import { RendererDisplayContext } from './display-context';
import { useDisplayContextValue } from './cards/use-display-context-value';
import { resolveWidget } from './form/resolve-widget';
import { findRegistryEntry } from './registry';
import { useRendererHost } from './host';
import { useRendererT } from './i18n';
import { useRuleContext } from './use-rule-context';

const useStyles = makeStyles({
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  row: { display: 'grid', gridTemplateColumns: 'minmax(8em, 40%) minmax(0, 1fr)', columnGap: tokens.spacingHorizontalM },
  // A long unbroken value (an account number, a URL, a note without spaces) wraps inside the card.
  value: { minWidth: 0, overflowWrap: 'anywhere' },
  label: { color: tokens.colorNeutralForeground3 },
  nested: { paddingLeft: tokens.spacingHorizontalM },
  highlight: { fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  old: { color: tokens.colorNeutralForeground3, textDecorationLine: 'line-through' },
  changed: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalS, alignItems: 'baseline' },
});

export interface DetailCardProps {
  module: CompiledModule;
  /** The stored document's data (the form data it was filed with). */
  data: Record<string, unknown>;
  /** Currencies (id → code) for money; the parent's data for a sub-form item. */
  context?: RuleContext;
  /** Shown above the sections, e.g. the document code and status (rendered by the app). */
  header?: ReactNode;
  /**
   * The values before a requested edit, by field (an edit request of an entity): each such field
   * shows old → new, so the approver sees what the request changes.
   */
  changes?: Record<string, unknown>;
}

/** An array of objects whose widget has no Display of its own (e.g. an inline array) is summarised here. */
function isPlainItemList(module: CompiledModule, field: string): boolean {
  const { schema, ui } = fieldDefinition(module, field);
  if (schema.type !== 'array' || (schema.items as JsonSchema | undefined)?.type !== 'object') return false;
  const kind = resolveWidget(schema, ui);
  return !('name' in kind && findRegistryEntry(kind.name)?.Display);
}

/** An array of objects (item lines): shown under its label at full width, not squeezed into the value column. */
function isObjectArray(module: CompiledModule, field: string): boolean {
  const { schema } = fieldDefinition(module, field);
  return schema.type === 'array' && (schema.items as JsonSchema | undefined)?.type === 'object';
}

function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.values(value as object).every(isEmptyValue);
  return false;
}

/**
 * The read-only detail card of a document, laid out by the UI schema's `ui:module.detailCard`:
 * labelled values through each widget's Display (the ItemList widget's Display shows the two
 * largest items and the total); an item array without a Display of its own is summarised the
 * same way here, and tapping an item opens its own card from the sub-form's definition. An
 * object field lists its labelled sub-fields. Labels follow the module's `labels` rules for the
 * stored data. A field the visibility rules hide for this data is left out when it is empty
 * (the recipient account of a reimbursement without one); other empty values show "—".
 */
export function DetailCard({ module, data, context: givenContext, header, changes }: DetailCardProps) {
  const context = useRuleContext(givenContext);
  const t = useRendererT(module);
  const host = useRendererHost();
  const styles = useStyles();
  const displayContext = useDisplayContextValue(module, context);
  const runtime = useMemo(() => createRuntime(module), [module]);
  const labels = runtime.labels(data, context);
  const visibility = runtime.visibility(data, context);
  const shown = (field: string) => visibility[field] !== false || !isEmptyValue(data[field]);
  const label = (field: string) => fieldLabel(module, field, t, labels);
  // A section titled like its field ("Payment items" over "Payment items") says it once.
  const repeatsTitle = (title: string | undefined, field: string) => Boolean(title) && t(title as string) === label(field);
  const openItem = (field: string) => {
    const ref = module.meta.subForms.find((s) => s.field === field);
    const sub = ref ? module.subForms[ref.form] : undefined;
    if (!sub) return undefined;
    return (item: Record<string, unknown>, index: number) => {
      const ui = fieldDefinition(module, field).ui;
      const titleKey = (ui?.['ui:options'] as { itemTitle?: string } | undefined)?.itemTitle;
      const title = titleKey ? t(titleKey, { n: index + 1 }) : t('engine.renderer.item', { n: index + 1 });
      // A key, not the text: the stack translates it, so the title follows a language change.
      void host.openPage({ key: titleKey ?? 'engine.renderer.item', params: { n: index + 1 }, fallback: title }, () => <DetailCard module={sub} data={item} context={{ ...context, parent: data }} />);
    };
  };
  return (
    <RendererDisplayContext.Provider value={displayContext}>
      <Card className={styles.card} data-detail-card={module.code}>
        {header}
        {module.meta.detailCard.sections.map((section, s) => (
          <section key={s} className={styles.section} aria-label={section.title ? t(section.title) : undefined}>
            {section.title ? <Text weight="semibold">{t(section.title)}</Text> : null}
            {section.highlight ? (
              <div className={styles.highlight} data-highlight={section.highlight}>
                <Text className={styles.label}>{label(section.highlight)} </Text>
                <FieldValue module={module} field={section.highlight} data={data} t={t} labels={labels} />
              </div>
            ) : null}
            {section.fields.filter(shown).map((field) =>
              isPlainItemList(module, field) ? (
                <div key={field} className={styles.section}>
                  {repeatsTitle(section.title, field) ? null : <Text className={styles.label}>{label(field)}</Text>}
                  {changes && Object.hasOwn(changes, field) ? (
                    <div data-old={field} className={styles.old}>
                      <ItemsSummary module={module} field={field} data={{ ...data, [field]: changes[field] }} t={t} />
                    </div>
                  ) : null}
                  <ItemsSummary module={module} field={field} data={data} t={t} onOpenItem={openItem(field)} />
                </div>
              ) : isObjectArray(module, field) ? (
                <div key={field} className={styles.section} data-field={field}>
                  {repeatsTitle(section.title, field) ? null : <Text className={styles.label}>{label(field)}</Text>}
                  <div className={styles.value}>
                    <FieldValue module={module} field={field} data={data} t={t} labels={labels} />
                  </div>
                </div>
              ) : isPlainObject(module, field) ? (
                <div key={field} className={styles.section} data-object={field}>
                  <Text className={styles.label}>{label(field)}</Text>
                  {objectSubFields(module, field).map((sub) => (
                    <div key={sub} className={`${styles.row} ${styles.nested}`} data-field={sub}>
                      <Text className={styles.label}>{label(sub)}</Text>
                      <Text className={styles.value}>
                        <FieldValue module={module} field={sub} data={data} t={t} labels={labels} />
                      </Text>
                    </div>
                  ))}
                </div>
              ) : (
                <div key={field} className={styles.row} data-field={field}>
                  <Text className={styles.label}>{label(field)}</Text>
                  {changes && Object.hasOwn(changes, field) ? (
                    <Text className={mergeClasses(styles.value, styles.changed)} data-changed={field}>
                      <span className={styles.old} data-old={field}>
                        <FieldValue module={module} field={field} data={{ ...data, [field]: changes[field] }} t={t} labels={labels} />
                      </span>
                      <span aria-hidden>→</span>
                      <span data-new={field}>
                        <FieldValue module={module} field={field} data={data} t={t} labels={labels} />
                      </span>
                    </Text>
                  ) : (
                    <Text className={styles.value}>
                      <FieldValue module={module} field={field} data={data} t={t} labels={labels} />
                    </Text>
                  )}
                </div>
              ),
            )}
          </section>
        ))}
      </Card>
    </RendererDisplayContext.Provider>
  );
}
