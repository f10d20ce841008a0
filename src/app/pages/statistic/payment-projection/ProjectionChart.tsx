import { Text, makeStyles, tokens } from '@fluentui/react-components';
import type { Lang } from '../../../../engine/types';
import { formatMoney } from '../../../../engine/money/format-money';
import { niceScaleMax } from './nice-scale';

/** The amounts per bucket of each currency: one chart (and scale) per entry of `series`. */
export interface ChartData {
  labels: string[];
  series: Array<{ label: string; values: number[] }>;
}

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  figure: { margin: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minWidth: 0 },
  row: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', columnGap: tokens.spacingHorizontalS, rowGap: tokens.spacingVerticalXXS, alignItems: 'baseline' },
  // Labels wrap rather than being cut, whatever the language and the width.
  label: { overflowWrap: 'anywhere', minWidth: 0 },
  value: { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
  bar: { gridColumn: '1 / -1', display: 'block', width: '100%', height: '10px' },
  axis: { display: 'flex', justifyContent: 'space-between', gap: tokens.spacingHorizontalS, borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`, paddingTop: tokens.spacingVerticalXXS },
  muted: { color: tokens.colorNeutralForeground3 },
});

// Fixed, distinguishable colours for up to six currencies (an SVG fill, no style attribute: the CSP holds).
const COLOURS = ['#0f6cbd', '#c50f1f', '#107c10', '#8764b8', '#ca5010', '#038387'];
const LOCALES: Record<Lang, string> = { en: 'en-US', ja: 'ja-JP', zh: 'zh-CN' };

/**
 * The payment projection's chart (issue #31 item 11): one bar chart per currency, each on its
 * own scale (0 to a round maximum of that currency, its axis labelled in it), because CNY, USD
 * and JPY amounts on one axis made the smaller currencies' bars invisible. Bars run across the
 * width with the bucket's label and amount above each, as text that wraps, so nothing is clipped
 * on a 390 px phone (the canvas chart cut its rotated axis labels); bars are SVG rectangles sized
 * by attributes, so the strict CSP (no style attributes) holds.
 */
export function ProjectionChart({ data, label, lang }: { data: ChartData; label: string; lang: Lang }) {
  const styles = useStyles();
  const compact = new Intl.NumberFormat(LOCALES[lang] ?? 'en-US', { notation: 'compact', maximumFractionDigits: 1 });
  return (
    <div className={styles.root} role="group" aria-label={label} data-testid="projection-chart">
      {data.series.map((series, index) => {
        const max = niceScaleMax(Math.max(0, ...series.values));
        const colour = COLOURS[index % COLOURS.length];
        return (
          <figure key={series.label} className={styles.figure} data-currency={series.label} data-scale-max={max}>
            <figcaption><Text weight="semibold">{series.label}</Text></figcaption>
            {data.labels.map((bucket, i) => {
              const value = series.values[i] ?? 0;
              const share = max > 0 ? Math.min(100, (Math.max(0, value) / max) * 100) : 0;
              return (
                <div key={bucket} className={styles.row} data-bucket={bucket}>
                  <Text size={200} className={styles.label}>{bucket}</Text>
                  <Text size={200} className={styles.value}>{`${formatMoney(value, series.label, lang)} ${series.label}`}</Text>
                  <svg className={styles.bar} aria-hidden="true" focusable="false">
                    <rect x="0" y="0" width="100%" height="100%" fill="#f0f0f0" />
                    <rect x="0" y="0" width={`${share}%`} height="100%" fill={colour} data-share={share.toFixed(1)} />
                  </svg>
                </div>
              );
            })}
            <div className={styles.axis} data-axis={series.label}>
              {[0, max / 2, max].map((tick) => <Text key={tick} size={100} className={styles.muted}>{compact.format(tick)}</Text>)}
            </div>
          </figure>
        );
      })}
    </div>
  );
}
