import type { ReactNode } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { Select, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useRendererHost, type RendererHost } from '../../host';
import { useResource } from '../../query';
import type { DisplayProps } from '../../registry-types';
import { formContextOf } from '../form-context-of';
import { useFieldLabel, useWidgetText } from '../text';
import type { Position, PositionCollection, PositionsQuery } from '../../../wire/organisation';

/** `ui:options.companyField` (default `company_id`): the form field holding the company whose positions are offered. */
const companyFieldOf = (options: Record<string, unknown> | undefined) => (typeof options?.companyField === 'string' ? options.companyField : 'company_id');

/**
 * Every position of the company, retired ones too (names in the host's language), so a stored
 * code always reads as its name; undefined while loading or without a company. The select and
 * the read-only displays share this one cached query.
 */
function usePositions(host: RendererHost, companyId: unknown): Position[] | undefined {
  const id = typeof companyId === 'number' ? companyId : null;
  return useResource<PositionCollection>(host, id === null ? null : `/companies/${id}/positions`, { includeRetired: '1' } satisfies PositionsQuery)?.['hydra:member'];
}

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  hint: { color: tokens.colorNeutralForeground3 },
});

/**
 * A position of the chosen company (positions are organisation data, changed by the positions
 * module through approval): a native select of the names, the value is the position's code
 * (what routes and posts name). A stored code the company retired stays shown by its name (one
 * it has not at all, as its code), so an edit never silently drops it; the server refuses it on filing.
 */
export function PositionSelectWidget(props: WidgetProps): ReactNode {
  const ctx = formContextOf(props.registry, 'PositionSelect');
  const text = useWidgetText();
  const fieldLabel = useFieldLabel(ctx.module);
  const styles = useStyles();
  const companyField = companyFieldOf(props.options as Record<string, unknown>);
  const companyId = ctx.formData?.[companyField];
  const positions = usePositions(ctx.host, companyId);
  const value = typeof props.value === 'string' ? props.value : '';
  // Positions in effect are offered; a stored one the company retired stays, by its name, so an edit never silently drops it.
  const choices: Array<Pick<Position, 'code' | 'name'>> = (positions ?? []).filter((p) => p.state !== 'retired' || p.code === value);
  if (value && positions && !positions.some((p) => p.code === value)) choices.push({ code: value, name: value });
  const missing = companyId === null || companyId === undefined;
  const disabled = Boolean(props.disabled || props.readonly || ctx.readOnly || missing);
  return (
    <div className={styles.root}>
      <Select
        id={props.id}
        name={props.id}
        value={value}
        disabled={disabled}
        aria-invalid={props.rawErrors?.length ? true : undefined}
        aria-describedby={props.rawErrors?.length ? `${props.id}__error` : undefined}
        onChange={(_, data) => props.onChange(data.value === '' ? null : data.value)}
      >
        <option value="">{positions === undefined && !missing ? text('loading') : ''}</option>
        {choices.map((p) => <option key={p.code} value={p.code}>{p.name}</option>)}
      </Select>
      {missing && !props.readonly && !ctx.readOnly && <Text size={200} className={styles.hint}>{text('dependsOn', { field: fieldLabel(companyField) })}</Text>}
    </div>
  );
}

/** The position's name in the reader's language, retired or not (its code only when the company has no such position). */
export function PositionSelectDisplay({ value, options, formData }: DisplayProps): ReactNode {
  const positions = usePositions(useRendererHost(), formData?.[companyFieldOf(options)]);
  if (typeof value !== 'string' || value === '') return <span>-</span>;
  return <span>{positions?.find((p) => p.code === value)?.name ?? (positions ? value : '…')}</span>;
}
