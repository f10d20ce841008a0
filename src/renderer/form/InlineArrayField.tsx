import { memo, useCallback } from 'react';
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
  item: unknown;
  itemSchema: JsonSchema;
  itemUi?: Record<string, unknown>;
  errors?: ErrorTree;
  disabled?: boolean;
  /** `ui:options.indexLabel` of the array: "circled" labels rows ①②③…; absent: no row label. */
  indexLabel?: string;
  onRemove(index: number): void;
}

/**
 * One row. Memoized: a keystroke elsewhere leaves `item` (structural sharing), the schemas,
 * the errors and the callbacks identical, so this row does no work at all — the key to the
 * benchmark target of 1000 editable rows (TOOLCHAIN.md: plain rjsf re-renders every row).
 */
const ArrayRow = memo(function ArrayRow({ parentKey, index, item, itemSchema, itemUi, errors, disabled, indexLabel, onRemove }: RowProps) {
  const env = useFormEnv();
  const styles = useStyles();
  const path = [...parentKey.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)), index];
  const isObject = itemSchema.type === 'object';
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
          <ObjectFields path={path} schema={itemSchema} uiSchema={itemUi} value={item} errors={errors} disabled={disabled} inRow />
        ) : (
          <PropertyField name={String(index)} path={path} schema={itemSchema} uiSchema={itemUi} value={item} required={false} errors={errors} disabled={disabled} labelText={marker} />
        )}
      </div>
      {env.readOnly || disabled ? null : (
        <Button appearance="subtle" aria-label={env.t('engine.renderer.removeRow', { n: index + 1 })} onClick={() => onRemove(index)}>
          ×
        </Button>
      )}
    </div>
  );
});

interface BlockProps extends Omit<RowProps, 'index' | 'item' | 'errors'> {
  items: readonly unknown[];
  start: number;
  end: number;
  errors?: ErrorTree;
}

/**
 * From this many rows on, only the rows on screen are rendered (`VirtualRows`); shorter arrays
 * render every row, so find-in-page and tests see them all.
 */
export const VIRTUAL_FROM = 60;

/** Rows per block: a keystroke compares ~n/50 blocks and 50 rows instead of creating n row elements. */
const BLOCK_SIZE = 50;

function sameBlock(a: BlockProps, b: BlockProps): boolean {
  if (a.start !== b.start || a.end !== b.end || a.parentKey !== b.parentKey || a.itemSchema !== b.itemSchema || a.itemUi !== b.itemUi) return false;
  if (a.disabled !== b.disabled || a.onRemove !== b.onRemove || a.indexLabel !== b.indexLabel) return false;
  for (let i = a.start; i < a.end; i++) {
    if (a.items[i] !== b.items[i] || childErrors(a.errors, i) !== childErrors(b.errors, i)) return false;
  }
  return true;
}

/** A block of consecutive rows, skipped as a whole when none of its rows' data or errors changed. */
const RowBlock = memo(function RowBlock({ items, start, end, errors, ...row }: BlockProps) {
  const rows = [];
  for (let index = start; index < end; index++) {
    rows.push(<ArrayRow key={index} {...row} index={index} item={items[index]} errors={childErrors(errors, index)} />);
  }
  return <>{rows}</>;
}, sameBlock);

/** An array edited inline, one memoized row per item (in memoized blocks), with Add and per-row Remove. */
export function InlineArrayField({ label, path, schema, uiSchema, value, errors, disabled }: InlineArrayFieldProps) {
  const env = useFormEnv();
  const items = Array.isArray(value) ? value : [];
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
    <div className={styles.group} role="group" aria-labelledby={`${idOf(path)}__label`} data-array={parentKey}>
      <Text id={`${idOf(path)}__label`} weight="semibold">{label}</Text>
      {errors?.__errors?.[0] ? <Text role="note" className={styles.error}>{errors.__errors[0]}</Text> : null}
      {items.length >= VIRTUAL_FROM ? (
        <VirtualRows
          count={items.length}
          renderRow={(index) => (
            <ArrayRow
              parentKey={parentKey}
              index={index}
              item={items[index]}
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
        Array.from({ length: Math.ceil(items.length / BLOCK_SIZE) }, (_, block) => (
        <RowBlock
          key={block}
          items={items}
          start={block * BLOCK_SIZE}
          end={Math.min(items.length, (block + 1) * BLOCK_SIZE)}
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
