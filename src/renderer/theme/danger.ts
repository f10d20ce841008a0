import { makeStyles, tokens } from '@fluentui/react-components';

/**
 * The one look of a destructive action (spec 000 §4: "delete, shown in red"): `solid` for a
 * primary button (red fill, white text), `quiet` for secondary, subtle and icon buttons (red text
 * and icon). Every delete uses these classes and marks itself `data-danger`, so tests and the
 * visual suite find them; the action itself asks for confirmation first.
 */
export const useDangerStyles = makeStyles({
  solid: {
    backgroundColor: tokens.colorPaletteRedBackground3,
    color: tokens.colorNeutralForegroundOnBrand,
    ':hover': { backgroundColor: tokens.colorPaletteRedForeground1, color: tokens.colorNeutralForegroundOnBrand },
    ':hover:active': { backgroundColor: tokens.colorPaletteRedForeground1, color: tokens.colorNeutralForegroundOnBrand },
  },
  quiet: {
    color: tokens.colorPaletteRedForeground1,
    ':hover': { color: tokens.colorPaletteRedForeground1 },
    ':hover:active': { color: tokens.colorPaletteRedForeground1 },
  },
});
