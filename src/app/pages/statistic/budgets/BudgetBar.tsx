import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  bar: {
    display: 'flex', height: '10px', width: '100%', overflow: 'hidden', borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground5,
  },
  consumed: { backgroundColor: tokens.colorBrandBackground },
  reserved: { backgroundColor: tokens.colorBrandBackground2Hover, backgroundImage: `repeating-linear-gradient(45deg, transparent 0 3px, ${tokens.colorBrandStroke2} 3px 5px)` },
  over: { backgroundColor: tokens.colorPaletteRedBackground3, backgroundImage: 'none' },
});

/** A share of the budget as a CSS width (0–100 %). */
const share = (part: number, whole: number) => `${whole > 0 ? Math.min(100, Math.max(0, (part / whole) * 100)) : part > 0 ? 100 : 0}%`;

/**
 * Budget against actual as one bar: what decided documents consumed (solid), then what documents
 * in flight reserve (hatched), over the budget's whole width; a budget overrun shows both in red.
 * `label` says the same in words (the bar is an image to assistive technology).
 */
export function BudgetBar({ amount, consumed, reserved, label }: { amount: number; consumed: number; reserved: number; label: string }) {
  const styles = useStyles();
  const over = consumed + reserved > amount;
  const whole = Math.max(amount, consumed + reserved);
  return (
    <div className={styles.bar} role="img" aria-label={label} data-over={over || undefined}>
      <div className={mergeClasses(styles.consumed, over && styles.over)} style={{ width: share(consumed, whole) }} data-part="consumed" />
      <div className={mergeClasses(styles.reserved, over && styles.over)} style={{ width: share(reserved, whole) }} data-part="reserved" />
    </div>
  );
}
