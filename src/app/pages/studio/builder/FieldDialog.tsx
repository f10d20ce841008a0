import { useState } from 'react';
import { Checkbox, Field, Input, Select, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { FIELD_TYPES, SERVER_PICKERS, TYPE_LIMITS, suggestField, type Condition, type FieldSpec, type ModuleSource, type OptionSpec } from '../../../../engine';
import { ConditionInputs } from './ConditionInputs';
import type { FieldRow } from './field-rows';
import { emptyTexts, TextsInputs } from './texts-inputs';
import { BuilderDialog, refusalAt, type BuilderRefusal } from './BuilderDialog';
import { PatternInputs } from './PatternInputs';
import { patternProblem } from '../../../../engine/regexp/pattern-problem';

const useStyles = makeStyles({
  row: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', '& > *': { flex: '1 1 140px' } },
});

/** "value; English; 日本語; 中文" lines ↔ options. */
const optionsText = (options: OptionSpec[] = []) => options.map((o) => [o.value, o.labels.en, o.labels.ja, o.labels.zh].join('; ')).join('\n');
function parseOptions(text: string): OptionSpec[] {
  return text.split('\n').map((line) => line.split(';').map((part) => part.trim())).filter((parts) => parts[0])
    .map(([value, en = '', ja = '', zh = '']) => ({ value, labels: { en, ja: ja || en, zh: zh || en } }));
}
const numberOrUndefined = (text: string) => (text.trim() === '' || Number.isNaN(Number(text)) ? undefined : Number(text));

/** A refusal of the dialog's spec: its key (`studio.builder.refused.<refused>`) and its sentence. */
export type FieldRefusal = BuilderRefusal;

/** The input each refusal concerns (its message is shown beside it); a refusal not listed is shown below the inputs. */
const REFUSAL_INPUT: Record<string, string> = {
  name: 'name', exists: 'name', labels: 'labels', requiredMessages: 'requiredMessages', rangeMessages: 'rangeMessages',
  maxLength: 'maxLength', minMax: 'minMax', options: 'options', picker: 'picker', upload: 'upload', after: 'position',
  pattern: 'pattern', patternType: 'pattern', patternMessages: 'patternMessages',
};

export interface FieldDialogProps {
  /** The field to edit; null adds one. */
  editing: FieldSpec | null;
  /** The form's fields (position and visibility choices). */
  rows: FieldRow[];
  source: ModuleSource;
  /** Applies the spec; answers the refusal (its key and sentence), or null when done. */
  onSave(spec: FieldSpec): FieldRefusal | null;
  onClose(): void;
}

/**
 * The Add field (and edit field) dialog: name, type, required, limits, position, label, help and
 * required message in en/ja/zh, a visibility condition — written to every part at once on Save.
 */
export function FieldDialog({ editing, rows, source, onSave, onClose }: FieldDialogProps) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const [spec, setSpec] = useState<FieldSpec>(() => editing ?? { name: '', type: 'text', labels: emptyTexts(), requiredMessages: emptyTexts() });
  const [options, setOptions] = useState(() => optionsText(editing?.options));
  const [accept, setAccept] = useState(() => (editing?.upload?.accept ?? ['pdf']).join(', '));
  const [error, setError] = useState<FieldRefusal | null>(null);
  // A refusal is said beside the input it concerns.
  const { at: errorAt, field: marked, below } = refusalAt(error, REFUSAL_INPUT);
  const limits = TYPE_LIMITS[spec.type];
  // The texts the builder suggests (data name, messages, a picker's label, document type) follow what they come from until edited.
  const set = (change: Partial<FieldSpec>) => setSpec((s) => suggestField(s, { ...s, ...change }, editing === null));
  const others = rows.filter((r) => r.name !== editing?.name);
  const lang = (i18n.language in spec.labels ? i18n.language : 'en') as 'en';
  const position = spec.after === null ? '' : spec.after ?? '*';

  const save = () => {
    const full: FieldSpec = {
      ...spec,
      ...(limits.options ? { options: parseOptions(options) } : { options: undefined }),
      ...(limits.upload ? { upload: { documentType: spec.upload?.documentType ?? '', accept: accept.split(/[\s,]+/).filter(Boolean).map((a) => a.replace(/^\./, '').toLowerCase()), maxFiles: spec.upload?.maxFiles ?? 1 } } : { upload: undefined }),
      ...(limits.maxLength ? {} : { maxLength: undefined }),
      ...(limits.pattern && spec.pattern !== undefined ? {} : { pattern: undefined, patternMessages: undefined }),
      ...(limits.minMax ? {} : { minimum: undefined, maximum: undefined }),
      ...(limits.picker ? { picker: spec.picker ?? SERVER_PICKERS[0] } : { picker: undefined }),
      ...(spec.type === 'dateRange' ? { rangeMessages: spec.rangeMessages ?? emptyTexts() } : {}),
      ...(spec.help && !spec.help.en && !spec.help.ja && !spec.help.zh ? { help: undefined } : {}),
    };
    // A pattern RE2 cannot run is refused here, beside it (the builder checks only its shape; the checker refuses it too).
    const problem = full.pattern !== undefined ? patternProblem(full.pattern) : null;
    const refused = problem ? { refused: 'pattern', text: t('studio.builder.refused.pattern', { reason: problem }) } : onSave(full);
    if (refused) setError(refused);
    else onClose();
  };

  return (
    <BuilderDialog
      title={editing ? t('studio.builder.editField', { name: editing.name }) : t('studio.builder.addField')}
      error={below}
      onSave={save}
      onClose={onClose}
    >
            <div className={styles.row}>
              <Field label={t('studio.builder.fieldName')} hint={t('studio.builder.fieldNameHint')} {...marked('name')}>
                <Input value={spec.name} onChange={(_, d) => set({ name: d.value.trim() })} />
              </Field>
              <Field label={t('studio.builder.type')}>
                <Select value={spec.type} onChange={(_, d) => set({ type: d.value as FieldSpec['type'] })}>
                  {FIELD_TYPES.map((type) => <option key={type} value={type}>{t(`studio.builder.types.${type}`)}</option>)}
                </Select>
              </Field>
            </div>
            <Checkbox label={t('studio.builder.required')} checked={spec.required === true} onChange={(_, d) => set({ required: d.checked === true })} />
            {limits.maxLength && (
              <Field label={t('studio.builder.maxLength')} hint={t('studio.builder.maxLengthHint')} {...marked('maxLength')}>
                <Input type="number" min={1} value={spec.maxLength === undefined ? '' : String(spec.maxLength)} onChange={(_, d) => set({ maxLength: numberOrUndefined(d.value) })} />
              </Field>
            )}
            {limits.minMax && (
              <div className={styles.row}>
                <Field label={t('studio.builder.minimum')} {...marked('minMax')}>
                  <Input type="number" value={spec.minimum === undefined ? '' : String(spec.minimum)} onChange={(_, d) => set({ minimum: numberOrUndefined(d.value) })} />
                </Field>
                <Field label={t('studio.builder.maximum')}>
                  <Input type="number" value={spec.maximum === undefined ? '' : String(spec.maximum)} onChange={(_, d) => set({ maximum: numberOrUndefined(d.value) })} />
                </Field>
              </div>
            )}
            {limits.options && (
              <Field label={t('studio.builder.options')} hint={t('studio.builder.optionsHint')} {...marked('options')}>
                <Textarea rows={4} value={options} onChange={(_, d) => setOptions(d.value)} />
              </Field>
            )}
            {limits.picker && (
              <Field label={t('studio.builder.picker')} {...marked('picker')}>
                <Select value={spec.picker ?? SERVER_PICKERS[0]} onChange={(_, d) => set({ picker: d.value })}>
                  {SERVER_PICKERS.map((p) => <option key={p} value={p}>{t(`studio.builder.pickers.${p}`)}</option>)}
                </Select>
              </Field>
            )}
            {limits.upload && (
              <div className={styles.row}>
                <Field label={t('studio.builder.documentType')} hint={t('studio.builder.documentTypeHint')} {...marked('upload')}>
                  <Input value={spec.upload?.documentType ?? ''} onChange={(_, d) => set({ upload: { accept: [], maxFiles: 1, ...spec.upload, documentType: d.value.trim() } })} />
                </Field>
                <Field label={t('studio.builder.accept')}>
                  <Input value={accept} onChange={(_, d) => setAccept(d.value)} />
                </Field>
                <Field label={t('studio.builder.maxFiles')}>
                  <Input type="number" min={1} value={String(spec.upload?.maxFiles ?? 1)} onChange={(_, d) => set({ upload: { documentType: '', accept: [], ...spec.upload, maxFiles: Number(d.value) || 1 } })} />
                </Field>
              </div>
            )}
            <Field label={t('studio.builder.position')} {...marked('position')}>
              <Select value={position} onChange={(_, d) => set({ after: d.value === '*' ? undefined : d.value === '' ? null : d.value })}>
                <option value="*">{t(editing ? 'studio.builder.positionKeep' : 'studio.builder.positionLast')}</option>
                <option value="">{t('studio.builder.positionFirst')}</option>
                {others.map((r) => <option key={r.name} value={r.type === 'dateRange' ? `${r.name}_end` : r.name}>{t('studio.builder.positionAfter', { field: r.labels[lang] || r.name })}</option>)}
              </Select>
            </Field>
            {limits.pattern && (
              <PatternInputs
                value={{ pattern: spec.pattern, patternMessages: spec.patternMessages }}
                onChange={({ pattern, patternMessages }) => set({ pattern, patternMessages })}
                error={errorAt('pattern') ? { at: 'pattern', text: errorAt('pattern')! } : errorAt('patternMessages') ? { at: 'messages', text: errorAt('patternMessages')! } : null}
              />
            )}
            <TextsInputs label={t('studio.builder.label')} value={spec.labels} onChange={(labels) => set({ labels })} error={errorAt('labels')} />
            {spec.required && <TextsInputs label={t('studio.builder.requiredMessage')} value={spec.requiredMessages ?? emptyTexts()} onChange={(requiredMessages) => set({ requiredMessages })} error={errorAt('requiredMessages')} />}
            {spec.type === 'dateRange' && <TextsInputs label={t('studio.builder.rangeMessage')} value={spec.rangeMessages ?? emptyTexts()} onChange={(rangeMessages) => set({ rangeMessages })} error={errorAt('rangeMessages')} />}
            <TextsInputs label={t('studio.builder.help')} value={spec.help ?? emptyTexts()} onChange={(help) => set({ help })} />
            <ConditionInputs
              label={t('studio.builder.visibleWhen')}
              rows={others}
              source={source}
              value={spec.visibleWhen ?? null}
              optional
              onChange={(visibleWhen: Condition | null) => set({ visibleWhen: visibleWhen ?? undefined })}
            />
    </BuilderDialog>
  );
}
