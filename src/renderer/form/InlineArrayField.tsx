import { memo, useCallback, useMemo } from 'react';
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import type { JsonSchema } from '../../engine';
import { circledNumber } from './circled-number';
import { defaultFormData } from './defaults';
import { childErrors, type ErrorTree } from './errors';
import { useFormEnv } from './form-env';
import { ObjectFields } from './ObjectFields';
import { getIn, idOf, type DataPath } from './paths';
import { PropertyField } from './PropertyField';
import { useFormSelector, useFormValue } from './use-form-selector';
import { VirtualRows } from './VirtualRows';

const useStyles = makeStyles({
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-start', borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, paddingTop: tokens.spacingVerticalS },
  cells: { flexGrow: 1, display: 'flex', flexDirection: 'column' },
  marker: { paddingTop: tokens.spacingVerticalXS, minWidth: '1.5em' },
  // A column: label, rows, then Add on its own line (inline it ran into the label).
  group: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minWidth: 0 },
  error: { color: tokens.colorPaletteRedForeground1 },
  add: { alignSelf: 'flex-start' },
});

export interface InlineArrayFieldProps {
  name: string;
  label?: string;
  path: DataPath;
  schema: JsonSchema;
  uiSchema?: Record<string, unknown>;
  value: unknown;
  errors?: ErrorTree;
  disabled?: boolean;
}

interface RowProps {
  parentKey: string;
  index: number;
  itemSchema: JsonSchema;
  itemUi?: Record<string, unknown>;
  errors?: ErrorTree;
  disabled?: boolean;
  /** `ui:options.indexLabel` of the array: "circled" labels rows ①②③…; absent: no row label. */
  indexLabel?: string;
  onRemove(index: number): void;
}

/** A row's Remove button: its props stay the same while the row's data changes, so typing does not render it. */
const RemoveRowButton = memo(function RemoveRowButton({ index, onRemove }: { index: number; onRemove(index: number): void }) {
  const env = useFormEnv();
  return (
    <Button appearance="subtle" aria-label={env.t('engine.renderer.removeRow', { n: index + 1 })} onClick={() => onRemove(index)}>
      ×
    </Button>
  );
});

/** `parentKey` (`rows`, `groups.0.lines`) and a row index as a data path. */
const rowPath = (parentKey: string, index: number): DataPath => [...parentKey.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)), index];

/**
 * One row. Each cell of an object row selects its own value from the form's store (a scalar
 * row selects its item), so a keystroke renders the one cell whose value changed, while the row,
 * the list around it and every other row do no work at all: the key to the benchmark target of
 * 1000 editable rows (TOOLCHAIN.md: plain rjsf re-renders every row). Memoized: the list
 * re-rendering (a row added or removed, errors marked) leaves unchanged rows alone.
 */
const ArrayRow = memo(function ArrayRow({ parentKey, index, itemSchema, itemUi, errors, disabled, indexLabel, onRemove }: RowProps) {
  const env = useFormEnv();
  const styles = useStyles();
  const path = useMemo(() => rowPath(parentKey, index), [parentKey, index]);
  const isObject = itemSchema.type === 'object';
  // An object row's cells select their own values: the row follows its item only for a scalar item.
  const item = useFormValue(env.store, isObject ? null : path);
  const marker = indexLabel === 'circled' ? circledNumber(index + 1) : undefined;
  return (
    <div className={styles.row} data-row={index} role={marker && isObject ? 'group' : undefined} aria-label={marker && isObject ? marker : undefined}>
      {marker && isObject ? (
        <Text className={styles.marker} data-row-label="" aria-hidden>
          {marker}
        </Text>
      ) : null}
      <div className={styles.cells}>
        {isObject ? (
          <ObjectFields path={path} schema={itemSchema} uiSchema={itemUi} value={undefined} errors={errors} disabled={disabled} inRow />
        ) : (
          <PropertyField name={String(index)} path={path} schema={itemSchema} uiSchema={itemUi} value={item} required={false} errors={errors} disabled={disabled} labelText={marker} />
        )}
      </div>
      {env.readOnly || disabled ? null : <RemoveRowButton index={index} onRemove={onRemove} />}
    </div>
  );
});

interface BlockProps extends Omit<RowProps, 'index' | 'errors'> {
  start: number;
  end: number;
  errors?: ErrorTree;
}

/**
 * From this many rows on, only the rows on screen are rendered (`VirtualRows`); shorter arrays
 * render every row, so find-in-page and tests see them all.
 */
export const VIRTUAL_FROM = 60;

/**
 * A row's height before it is measured: its fields are stacked (label 20 px, gap 2, input 32,
 * margin 12 = 66 px each) under 8 px of padding and a 1 px rule. A good guess matters for
 * what opens: a row of four fields is ~270 px, so a phone screen shows three or four of them,
 * not the twelve a flat guess would mount.
 */
function rowEstimate(itemSchema: JsonSchema, itemUi: Record<string, unknown> | undefined): number {
  const FIELD = 66;
  if (itemSchema.type !== 'object') return FIELD + 9;
  const shown = Object.keys((itemSchema.properties ?? {}) as object).filter((name) => (itemUi?.[name] as Record<string, unknown> | undefined)?.['ui:widget'] !== 'hidden');
  return Math.max(1, shown.length) * FIELD + 9;
}

/** Rows per block: adding a row compares ~n/50 blocks and 50 rows instead of creating n row elements. */
const BLOCK_SIZE = 50;

function sameBlock(a: BlockProps, b: BlockProps): boolean {
  if (a.start !== b.start || a.end !== b.end || a.parentKey !== b.parentKey || a.itemSchema !== b.itemSchema || a.itemUi !== b.itemUi) return false;
  if (a.disabled !== b.disabled || a.onRemove !== b.onRemove || a.indexLabel !== b.indexLabel) return false;
  for (let i = a.start; i < a.end; i++) {
    if (childErrors(a.errors, i) !== childErrors(b.errors, i)) return false;
  }
  return true;
}

/** A block of consecutive rows, skipped as a whole when none of its rows' errors changed (each row follows its own data). */
const RowBlock = memo(function RowBlock({ start, end, errors, ...row }: BlockProps) {
  const rows = [];
  for (let index = start; index < end; index++) {
    rows.push(<ArrayRow key={index} {...row} index={index} errors={childErrors(errors, index)} />);
  }
  return <>{rows}</>;
}, sameBlock);

/** How many items the array at `path` has (what the list itself renders from: not the items' contents). */
const lengthAt = (data: unknown, path: DataPath): number => {
  const list = getIn(data, path);
  return Array.isArray(list) ? list.length : 0;
};

/**
 * An array edited inline, one memoized row per item (in memoized blocks), with Add and per-row
 * Remove. The list follows only its length in the store (each row selects its own item), so
 * typing into a row does not render the list. `value` is not read: the store is the source.
 */
export function InlineArrayField({ label, path, schema, uiSchema, errors, disabled }: InlineArrayFieldProps) {
  const env = useFormEnv();
  const count = useFormSelector(env.store, (s) => lengthAt(s.data, path));
  const itemSchema = (schema.items ?? {}) as JsonSchema;
  const itemUi = uiSchema?.items as Record<string, unknown> | undefined;
  const parentKey = path.join('.');
  const indexLabel = (uiSchema?.['ui:options'] as { indexLabel?: string } | undefined)?.indexLabel;
  const onRemove = useCallback(
    (index: number) => {
      const current = getIn(env.formContext.formData, path);
      const list = Array.isArray(current) ? current : [];
      env.setValue(path, list.filter((_, i) => i !== index));
    },
    [env, parentKey], // eslint-disable-line react-hooks/exhaustive-deps -- `path` is a new array each render; parentKey is its value
  );
  const styles = useStyles();
  const onAdd = () => {
    const current = getIn(env.formContext.formData, path);
    const list = Array.isArray(current) ? current : [];
    const fresh = itemSchema.type === 'object' ? defaultFormData(itemSchema) : itemSchema.default;
    env.setValue(path, [...list, fresh]);
  };
  return (
    <div className={styles.group} role="group" aria-labelledby={`${idOf(path, env.idPrefix)}__label`} data-array={parentKey}>
      <Text id={`${idOf(path, env.idPrefix)}__label`} weight="semibold">{label}</Text>
      {errors?.__errors?.[0] ? <Text role="note" className={styles.error}>{errors.__errors[0]}</Text> : null}
      {count >= VIRTUAL_FROM ? (
        <VirtualRows
          count={count}
          estimate={rowEstimate(itemSchema, itemUi)}
          renderRow={(index) => (
            <ArrayRow
              parentKey={parentKey}
              index={index}
              itemSchema={itemSchema}
              itemUi={itemUi}
              errors={childErrors(errors, index)}
              disabled={disabled}
              indexLabel={indexLabel}
              onRemove={onRemove}
            />
          )}
        />
      ) : (
        Array.from({ length: Math.ceil(count / BLOCK_SIZE) }, (_, block) => (
        <RowBlock
          key={block}
          start={block * BLOCK_SIZE}
          end={Math.min(count, (block + 1) * BLOCK_SIZE)}
          parentKey={parentKey}
          itemSchema={itemSchema}
          itemUi={itemUi}
          errors={errors}
          disabled={disabled}
          indexLabel={indexLabel}
          onRemove={onRemove}
        />
      ))
      )}
      {env.readOnly || disabled ? null : (
        <Button className={styles.add} appearance="secondary" icon={<AddRegular />} onClick={onAdd}>{env.t('engine.renderer.addRow')}</Button>
      )}
    </div>
  );
}
