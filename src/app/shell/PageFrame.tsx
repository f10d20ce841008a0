import { memo, Suspense, useCallback, useMemo } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { PageEntry, PageStack } from '../navigation';
import { PageErrorBoundary } from './PageErrorBoundary';
import { ToolbarSlotContext } from './toolbar-slot';
import { ProgressSpinner } from './ProgressSpinner';

const useStyles = makeStyles({
  frame: {
    position: 'absolute',
    inset: 0,
    overflowY: 'auto',
    overflowX: 'hidden',
  },
  spinner: { paddingTop: '48px' },
  // The look of Fluent's error MessageBar, without its code in the first screen's download.
  failed: {
    margin: tokens.spacingVerticalL,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    backgroundColor: tokens.colorStatusDangerBackground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorStatusDangerBorder1}`,
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground1,
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
  },
});

export interface PageFrameProps {
  entry: PageEntry;
  stack: PageStack;
  /** Pages under the top one stay mounted (a form keeps its state while a picker is open). */
  covered: boolean;
  /** The top bar's element for the page's own buttons (`ToolbarActions`). */
  toolbarSlot?: HTMLElement | null;
}

/**
 * One page of the stack in its own scroll area. Covered pages stay mounted but are hidden
 * with `visibility` (scroll position kept) and `inert` (no focus, not in the accessibility tree).
 */
export const PageFrame = memo(function PageFrame({ entry, stack, covered, toolbarSlot = null }: PageFrameProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const close = useCallback((result?: unknown) => stack.close(entry.id, result), [stack, entry.id]);
  const slot = useMemo(() => ({ slot: toolbarSlot, covered }), [toolbarSlot, covered]);
  return (
    <div
      className={styles.frame}
      style={covered ? { visibility: 'hidden' } : undefined}
      inert={covered}
      aria-hidden={covered || undefined}
      data-page-id={entry.id}
    >
      <ToolbarSlotContext.Provider value={slot}>
      <PageErrorBoundary
        fallback={
          <div role="alert" className={styles.failed} data-testid="page-failed">
            {t('app.common.pageFailed')}
          </div>
        }
      >
        <Suspense fallback={<ProgressSpinner className={styles.spinner} label={t('app.common.loading')} />}>{entry.render(close)}</Suspense>
      </PageErrorBoundary>
      </ToolbarSlotContext.Provider>
    </div>
  );
});
