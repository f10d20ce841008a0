import { useState, type ReactNode } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { Button, Text, ToggleButton, makeStyles, tokens } from '@fluentui/react-components';
import { DateInput } from '../../theme/DateInput';
import { toDisplayDate } from '../../../engine';
import type { DisplayProps } from '../../registry-types';
import { formContextOf } from '../form-context-of';
import { useWidgetText } from '../text';
import { PERIOD_PRESETS, formatPeriod, parsePeriod, periodRange, presetOf } from './period-range';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  presets: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  custom: { display: 'flex', flexWrap: 'wrap', alignItems: 'end', gap: tokens.spacingHorizontalS },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/**
 * A period for filters: Today, Last 7 days, This month, Last month or a custom range.
 * Value: `"YYYY-MM-DD/YYYY-MM-DD"` (both ends included), or undefined when not chosen.
 * A custom range with the start after the end is refused with a message and not stored.
 */
export function PeriodPickerWidget(props: WidgetProps): ReactNode {
  const ctx = formContextOf(props.registry, 'PeriodPicker');
  const text = useWidgetText();
  const styles = useStyles();
  const range = parsePeriod(props.value);
  const active = presetOf(range);
  const [custom, setCustom] = useState(Boolean(range && !active));
  const [from, setFrom] = useState(range?.from ?? '');
  const [to, setTo] = useState(range?.to ?? '');
  const [invalid, setInvalid] = useState(false);
  const disabled = Boolean(props.disabled || props.readonly || ctx.readOnly);

  const apply = () => {
    const parsed = parsePeriod(`${from}/${to}`);
    setInvalid(parsed === null);
    if (parsed) props.onChange(formatPeriod(parsed));
  };

  return (
    <div className={styles.root} id={props.id} role="group" aria-label={props.label || text('period.title')}>
      <div className={styles.presets}>
        {PERIOD_PRESETS.map((preset) => (
          <ToggleButton
            key={preset}
            checked={!custom && active === preset}
            disabled={disabled}
            onClick={() => {
              setCustom(false);
              setInvalid(false);
              props.onChange(formatPeriod(periodRange(preset)));
            }}
          >
            {text(`period.${preset}`)}
          </ToggleButton>
        ))}
        <ToggleButton checked={custom} disabled={disabled} onClick={() => setCustom(true)}>
          {text('period.custom')}
        </ToggleButton>
      </div>
      {custom && (
        <div className={styles.custom}>
          <DateInput label={text('period.from')} value={from} disabled={disabled} onChange={(date) => setFrom(date ?? '')} />
          <DateInput label={text('period.to')} value={to} disabled={disabled} onChange={(date) => setTo(date ?? '')} />
          <Button appearance="primary" disabled={disabled || !from || !to} onClick={apply}>
            {text('period.apply')}
          </Button>
        </div>
      )}
      {invalid && (
        <Text role="alert" className={styles.error}>
          {text('period.invalidRange')}
        </Text>
      )}
      {range && <Text size={200}>{`${toDisplayDate(range.from)} - ${toDisplayDate(range.to)}`}</Text>}
    </div>
  );
}

/** The period as `YYYY/MM/DD - YYYY/MM/DD`. */
export function PeriodDisplay({ value }: DisplayProps): ReactNode {
  const range = parsePeriod(value);
  return <span>{range ? `${toDisplayDate(range.from)} - ${toDisplayDate(range.to)}` : '-'}</span>;
}
