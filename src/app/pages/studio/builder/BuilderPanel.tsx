import { useState } from 'react';
import { Badge, Button, Field, MessageBar, Select, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { Add20Regular, ArrowDown20Regular, ArrowUp20Regular, Delete20Regular, Edit20Regular, ReOrderDotsVertical20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import {
  addClearEffect, addField, addItemList, summarizeItemField, addValidation, editField, moveField, moveValidation, removeField, removeValidation, setComputed, setVisibility,
  type BuilderResult, type FieldSpec, type ItemListSpec, type Logic, type ModuleSource,
} from '../../../../engine';
import { conditionSentence } from './condition-sentence';
import { fieldKind } from './field-kind';
import { fieldRows, specOfField, type FieldRow } from './field-rows';
import type { BuilderRefusal } from './BuilderDialog';
import { FieldDialog } from './FieldDialog';
import { ItemListDialog } from './ItemListDialog';
import { draftText, refusalText } from './refusal-text';
import { RuleDialog, type RuleSpec } from './RuleDialog';
import { useDragReorder, type DragState } from './use-drag-reorder';

const useStyles = makeStyles({
  box: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  item: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', padding: tokens.spacingHorizontalS, border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, backgroundColor: tokens.colorNeutralBackground1 },
  grow: { flexGrow: 1, minWidth: '10em', display: 'flex', flexDirection: 'column' },
  muted: { color: tokens.colorNeutralForeground3 },
  // The field's data name: an identifier (code), not a word of the page's language.
  name: { fontFamily: tokens.fontFamilyMonospace },
  handle: { minWidth: '32px' },
  dragged: { opacity: 0.5 },
  dropBefore: { boxShadow: `0 -3px 0 ${tokens.colorBrandStroke1}` },
  dropAfter: { boxShadow: `0 3px 0 ${tokens.colorBrandStroke1}` },
  sentence: { flexBasis: '100%' },
  logic: { flexBasis: '100%', margin: 0, padding: tokens.spacingHorizontalXS, fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase100, backgroundColor: tokens.colorNeutralBackground3, borderRadius: tokens.borderRadiusSmall, whiteSpace: 'pre-wrap', wordBreak: 'break-all' },
});

type Dialog = { kind: 'field'; editing: FieldSpec | null } | { kind: 'items' } | { kind: 'rule' } | null;

export interface BuilderPanelProps {
  /** Every form being edited: the module first, then item sub-forms created here. */
  forms: ModuleSource[];
  onChange(source: ModuleSource): void;
  /** An item list created a new sub-form (published with the module, before it). */
  onCreateSubForm(subForm: ModuleSource): void;
  /** The form being edited changed (the preview shows it: an item form as its item page). */
  onFormChange?(code: string): void;
}

/**
 * The builder: the form's fields and rules as lists with buttons (Add field, Add item list, Add
 * rule; edit, move and delete), each change written by the engine's builder into every part at
 * once — the JSON tabs show the same source.
 */
export function BuilderPanel({ forms, onChange, onCreateSubForm, onFormChange }: BuilderPanelProps) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const lang = (['en', 'ja', 'zh'].includes(i18n.language) ? i18n.language : 'en') as 'en';
  const [formCode, setFormCode] = useState(forms[0].code);
  const source = forms.find((f) => f.code === formCode) ?? forms[0];
  const isModule = source === forms[0];
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const rows = fieldRows(source);
  // The forms edited with this one: a field they read (an item total, the parent's currency) is not deleted.
  const others = forms.filter((f) => f !== source);

  /** Applies a builder result: the new source, or the refusal (its key says the dialog's input) as a sentence. */
  const apply = (result: BuilderResult<ModuleSource>): BuilderRefusal | null => {
    if ('refused' in result) return { refused: result.refused, text: refusalText(t, result, source, lang) };
    onChange(result.source);
    setNotice(null);
    return null;
  };
  const act = (result: BuilderResult<ModuleSource>) => {
    if ('refused' in result) setNotice(refusalText(t, result, source, lang, forms));
    else apply(result);
  };
  const saveField = (spec: FieldSpec) => {
    const result = dialog?.kind === 'field' && dialog.editing ? editField(source, dialog.editing.name, spec, others) : addField(source, spec);
    // The dialog says a refusal beside the input it concerns (its key) in the studio's words.
    if ('refused' in result) return { refused: result.refused, text: refusalText(t, result, source, lang, forms) };
    onChange(result.source);
    // A text field of an item form becomes the item rows' first summary line in the list.
    if (!isModule) {
      const next = summarizeItemField(forms[0], result.source, spec.name);
      if (next !== forms[0]) onChange(next);
    }
    return null;
  };
  const saveItems = (spec: ItemListSpec) => {
    const result = addItemList(source, spec);
    if ('refused' in result) return { refused: result.refused, text: refusalText(t, result, source, lang) };
    onCreateSubForm(result.source.subForm);
    onChange(result.source.source);
    return null;
  };
  const saveRule = (rule: RuleSpec) => {
    switch (rule.kind) {
      case 'validation': return apply(addValidation(source, { field: rule.field, when: rule.when, name: rule.name, messages: rule.messages, index: rule.index }));
      case 'visibility': return apply(setVisibility(source, rule.field, rule.when));
      case 'clear': return apply(addClearEffect(source, rule.on, [rule.field]));
      case 'computed': return apply(setComputed(source, rule.spec));
    }
  };
  const label = (row: FieldRow) => row.labels[lang] || row.labels.en || row.name;
  const labelOf = (name: string) => {
    const row = rows.find((r) => r.name === name || `${r.name}_start` === name || `${r.name}_end` === name);
    return row ? label(row) : name;
  };
  const validations = (source.rules.validations ?? []).map((v) => ('each' in v ? t('studio.builder.eachItem', { field: v.each }) : draftText(t, source, lang, v.message)));
  const prevOf = (index: number) => (index <= 0 ? null : rows[index - 1].type === 'dateRange' ? `${rows[index - 1].name}_end` : rows[index - 1].name);
  /** A field dragged from `from` to `to`: placed after the row that will precede it (first: none). */
  const dropField = (from: number, to: number) => {
    const others = rows.filter((_, i) => i !== from);
    const before = to === 0 ? null : others[to - 1];
    act(moveField(source, rows[from].name, before === null ? null : before.type === 'dateRange' ? `${before.name}_end` : before.name));
  };
  const fieldDrag = useDragReorder<HTMLOListElement>(rows.length, dropField);
  const ruleDrag = useDragReorder<HTMLOListElement>((source.rules.validations ?? []).length, (from, to) => act(moveValidation(source, from, to)));
  /** The row's look while a drag is under way: the dragged row faded, a line where it would land. */
  const dragClass = (drag: DragState | null, index: number) => {
    if (!drag) return undefined;
    if (index === drag.from) return styles.dragged;
    if (index === drag.to) return drag.to < drag.from ? styles.dropBefore : styles.dropAfter;
    return undefined;
  };

  return (
    <section className={styles.box} aria-label={t('studio.builder.title')} data-testid="studio-builder">
      {forms.length > 1 && (
        <Field label={t('studio.builder.form')}>
          <Select value={source.code} onChange={(_, d) => { setFormCode(d.value); onFormChange?.(d.value); }}>
            {forms.map((f, i) => <option key={f.code} value={f.code}>{i === 0 ? t('studio.builder.mainForm', { code: f.code }) : t('studio.builder.itemForm', { code: f.code })}</option>)}
          </Select>
        </Field>
      )}
      <div className={styles.actions}>
        <Button icon={<Add20Regular />} onClick={() => setDialog({ kind: 'field', editing: null })}>{t('studio.builder.addField')}</Button>
        {isModule && <Button icon={<Add20Regular />} onClick={() => setDialog({ kind: 'items' })}>{t('studio.builder.addItemList')}</Button>}
        <Button icon={<Add20Regular />} onClick={() => setDialog({ kind: 'rule' })}>{t('studio.builder.addRule')}</Button>
      </div>
      {notice && <MessageBar intent="error" layout="multiline" role="alert">{notice}</MessageBar>}

      <Text weight="semibold" as="h3">{t('studio.builder.fields')}</Text>
      {rows.length === 0 && <Text className={styles.muted}>{t('studio.builder.noFields')}</Text>}
      <ol className={styles.list} aria-label={t('studio.builder.fields')} ref={fieldDrag.list}>
        {rows.map((row, index) => (
          <li key={row.name} className={mergeClasses(styles.item, dragClass(fieldDrag.drag, index))} data-testid={`studio-field-${row.name}`}>
            <Button size="small" appearance="subtle" className={styles.handle} icon={<ReOrderDotsVertical20Regular />} aria-label={t('studio.builder.dragNamed', { name: label(row) })} {...fieldDrag.handleProps(index)} />
            <span className={styles.grow}>
              <Text>{label(row)}</Text>
              <Text size={200} className={styles.muted}><code className={styles.name}>{row.name}</code> · {t(`studio.builder.types.${fieldKind(source, row)}`)}</Text>
            </span>
            {row.required && <Badge appearance="tint">{t('studio.builder.required')}</Badge>}
            {row.hidden && <Badge appearance="tint" color="subtle">{t('studio.builder.hidden')}</Badge>}
            <Button size="small" icon={<Edit20Regular />} aria-label={t('studio.builder.editNamed', { name: label(row) })} onClick={() => setDialog({ kind: 'field', editing: specOfField(source, row) })} />
            <Button size="small" icon={<ArrowUp20Regular />} aria-label={t('studio.builder.upNamed', { name: label(row) })} disabled={index === 0} onClick={() => act(moveField(source, row.name, prevOf(index - 1) ?? null))} />
            <Button size="small" icon={<ArrowDown20Regular />} aria-label={t('studio.builder.downNamed', { name: label(row) })} disabled={index === rows.length - 1} onClick={() => act(moveField(source, row.name, rows[index + 1].type === 'dateRange' ? `${rows[index + 1].name}_end` : rows[index + 1].name))} />
            <Button size="small" icon={<Delete20Regular />} aria-label={t('studio.builder.deleteNamed', { name: label(row) })} onClick={() => act(removeField(source, row.name, others))} />
          </li>
        ))}
      </ol>

      <Text weight="semibold" as="h3">{t('studio.builder.rules')}</Text>
      <ol className={styles.list} aria-label={t('studio.builder.validations')} ref={ruleDrag.list}>
        {(source.rules.validations ?? []).map((rule, index, all) => (
          <li key={index} className={mergeClasses(styles.item, dragClass(ruleDrag.drag, index))}>
            <Button size="small" appearance="subtle" className={styles.handle} icon={<ReOrderDotsVertical20Regular />} aria-label={t('studio.builder.dragNamed', { name: validations[index] })} {...ruleDrag.handleProps(index)} />
            <span className={styles.grow}>
              <Text>{index + 1}. {validations[index]}</Text>
              {'field' in rule && <Text size={200} className={styles.muted}><code className={styles.name}>{rule.field}</code></Text>}
            </span>
            <Button size="small" icon={<ArrowUp20Regular />} aria-label={t('studio.builder.upNamed', { name: validations[index] })} disabled={index === 0} onClick={() => act(moveValidation(source, index, index - 1))} />
            <Button size="small" icon={<ArrowDown20Regular />} aria-label={t('studio.builder.downNamed', { name: validations[index] })} disabled={index === all.length - 1} onClick={() => act(moveValidation(source, index, index + 1))} />
            <Button size="small" icon={<Delete20Regular />} aria-label={t('studio.builder.deleteNamed', { name: validations[index] })} onClick={() => act(removeValidation(source, index))} />
            {'when' in rule && <Text size={200} className={styles.sentence}>{t('studio.builder.failsWhenSentence', { sentence: conditionSentence(t, rule.when, labelOf, lang) })}</Text>}
          </li>
        ))}
      </ol>
      {(['visibility', 'effects', 'computed'] as const).map((kind) => {
        const entries = kind === 'visibility' ? Object.entries(source.rules.visibility ?? {}) : (source.rules[kind] ?? []).map((r, i) => [kind === 'effects' ? `${(r as { on: string }).on} #${i + 1}` : (r as { field: string }).field, r] as const);
        if (entries.length === 0) return null;
        return (
          <section key={kind} aria-label={t(`studio.builder.ruleLists.${kind}`)}>
            <Text size={200} weight="semibold">{t(`studio.builder.ruleLists.${kind}`)}</Text>
            <ul className={styles.list}>
              {entries.map(([name, logic]) => (
                <li key={String(name)} className={styles.item}>
                  <Text><code className={styles.name}>{String(name)}</code></Text>
                  {kind === 'visibility'
                    ? <Text size={200}>{t('studio.builder.shownWhenSentence', { sentence: conditionSentence(t, logic as Logic, labelOf, lang) })}</Text>
                    : <pre className={styles.logic} aria-label={t('studio.builder.generated')}>{JSON.stringify(logic)}</pre>}
                </li>
              ))}
            </ul>
          </section>
        );
      })}

      {dialog?.kind === 'field' && <FieldDialog editing={dialog.editing} rows={rows} source={source} onSave={saveField} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'items' && <ItemListDialog rows={rows} onSave={saveItems} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'rule' && <RuleDialog rows={rows} source={source} validations={validations} onSave={saveRule} onClose={() => setDialog(null)} />}
    </section>
  );
}
