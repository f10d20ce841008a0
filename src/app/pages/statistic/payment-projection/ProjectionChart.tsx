import { useEffect, useRef } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** One bar group per bucket, one series per currency. */
export interface ChartData {
  labels: string[];
  series: Array<{ label: string; values: number[] }>;
}

const useStyles = makeStyles({ root: { width: '100%', minHeight: '240px', overflow: 'hidden' } });

// Fixed, distinguishable colours for up to six currencies (canvas cannot read CSS variables).
const COLOURS = ['#0f6cbd', '#c50f1f', '#107c10', '#8764b8', '#ca5010', '#038387'];
// Canvas text needs real font names: the CJK families cover ja and zh labels.
const FONT = '11px system-ui, "Noto Sans CJK JP", "Noto Sans CJK SC", sans-serif';

/**
 * A grouped bar chart of amounts per bucket and currency, drawn by uPlot on a canvas (no
 * inline scripts or style attributes in markup, so the strict CSP holds). Labels come
 * translated from the caller; the chart is redrawn when data or width change.
 */
export function ProjectionChart({ data, label }: { data: ChartData; label: string }) {
  const styles = useStyles();
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const node = host.current;
    if (!node) return undefined;
    const count = Math.max(1, data.series.length);
    const width = Math.max(280, node.clientWidth);
    const opts: uPlot.Options = {
      width,
      height: 240,
      // Not live: no cursor values, and the x series (the bucket index) stays out of the legend.
      legend: { show: true, live: false },
      cursor: { show: false },
      scales: { x: { time: false, range: [-0.5, data.labels.length - 0.5] }, y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] } },
      axes: [
        {
          font: FONT, stroke: tokens.colorNeutralForeground2 as string, grid: { show: false },
          splits: () => data.labels.map((_, i) => i),
          values: (_u, splits) => splits.map((i) => data.labels[i] ?? ''),
          rotate: -35, size: 70,
        } as uPlot.Axis,
        { font: FONT, size: 56, grid: { stroke: '#e0e0e0', width: 1 } },
      ],
      series: [
        {},
        ...data.series.map((s, index) => ({
          label: s.label,
          fill: COLOURS[index % COLOURS.length],
          stroke: COLOURS[index % COLOURS.length],
          // Grouped bars: each currency's bar sits at its own offset inside the bucket's 0.8-wide slot.
          paths: uPlot.paths.bars!({
            disp: {
              x0: { unit: 1, values: () => data.labels.map((_, i) => i - 0.4 + index * (0.8 / count)) },
              size: { unit: 1, values: () => data.labels.map(() => 0.8 / count) },
            },
          }),
          points: { show: false },
        })),
      ],
    };
    const plot = new uPlot(opts, [data.labels.map((_, i) => i), ...data.series.map((s) => s.values)], node);
    return () => plot.destroy();
  }, [data]);

  return <div ref={host} className={styles.root} role="img" aria-label={label} data-testid="projection-chart" />;
}
