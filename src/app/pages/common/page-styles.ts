import { makeStyles, tokens } from '@fluentui/react-components';

/** Layout shared by the shell's own pages: a padded column that fits a 390 px phone. */
export const usePageStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalL}`,
    boxSizing: 'border-box',
    minWidth: 0,
  },
  form: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow2,
    overflow: 'hidden',
  },
  row: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    minHeight: '48px',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    // A badge straight in a row keeps its words whole; the row's text column gives way instead.
    '& > .fui-Badge': { flexShrink: 0 },
  },
  /** A badge on its own line in a row's text column: as wide as its words, not the column. */
  rowBadge: { alignSelf: 'flex-start', whiteSpace: 'nowrap' },
  rowText: {
    flexGrow: 1,
    display: 'flex',
    flexDirection: 'column',
    minWidth: 0,
  },
  muted: {
    color: tokens.colorNeutralForeground3,
  },
});
