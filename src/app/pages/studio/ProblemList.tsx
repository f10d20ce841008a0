import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { StudioViolation } from './studio-api';

const useStyles = makeStyles({
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  detail: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200, '& summary': { cursor: 'pointer' } },
  technical: { fontFamily: tokens.fontFamilyMonospace, overflowWrap: 'anywhere', margin: 0 },
});

/**
 * The checker's problems as the studio shows them (issue #32 item 5): each the server's sentence
 * in the studio's language (the field by its label, where to fix it), and below it, folded, the
 * technical text — the JSON pointer in the source and the checker's own words — for whoever
 * edits the JSON.
 */
export function ProblemList({ problems, className, testId, label }: { problems: readonly StudioViolation[]; className?: string; testId?: string; label?: string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <ul className={mergeClasses(styles.list, className)} data-testid={testId} aria-label={label}>
      {problems.map((problem, i) => (
        <li key={i}>
          <span>{problem.message}</span>
          {(problem.detail || problem.propertyPath) && (
            <details className={styles.detail}>
              <summary>{t('studio.problemDetail')}</summary>
              <p className={styles.technical}>
                {problem.propertyPath && <code>{problem.propertyPath}</code>}
                {problem.propertyPath && problem.detail ? ' — ' : ''}
                {problem.detail}
              </p>
            </details>
          )}
        </li>
      ))}
    </ul>
  );
}
