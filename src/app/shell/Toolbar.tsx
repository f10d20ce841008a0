import { useEffect, useRef } from 'react';
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowLeft24Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { LanguagePicker, toLanguage } from '../i18n';
import type { PageEntry } from '../navigation';
import { pageTitleText } from './page-title';

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    minHeight: '48px',
    padding: `0 ${tokens.spacingHorizontalS}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    flexShrink: 0,
  },
  title: {
    flexGrow: 1,
    minWidth: 0,
    margin: 0,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    outlineStyle: 'none',
    paddingLeft: tokens.spacingHorizontalS,
  },
  picker: { flexShrink: 0, maxWidth: '120px' },
  actions: { display: 'flex', flexShrink: 0, gap: tokens.spacingHorizontalXXS, ':empty': { display: 'none' } },
});

export interface ToolbarProps {
  top: PageEntry | undefined;
  depth: number;
  onBack: () => void;
  /** Receives the element pages portal their toolbar buttons into (`ToolbarActions`). */
  slotRef?: (element: HTMLDivElement | null) => void;
}

/**
 * The top bar: back button when a page is pushed, the current page's title (focused when the
 * page changes, so screen readers announce it), and the language picker. When a page closes,
 * focus returns to the control that opened it (a picker's button) if it is still there.
 */
export function Toolbar({ top, depth, onBack, slotRef }: ToolbarProps) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const seen = useRef<{ entry: PageEntry; depth: number } | undefined>(undefined);

  useEffect(() => {
    if (!top) return;
    const previous = seen.current;
    seen.current = { entry: top, depth };
    // The first page of a visit keeps the browser's natural focus; later page changes move it.
    if (previous === undefined || previous.entry.id === top.id) return;
    // Back from a page to the one that opened it: to the opener, when it is still on screen.
    const opener = previous.entry.opener;
    if (previous.depth > depth && opener?.isConnected && !opener.closest('[inert]') && !(opener as HTMLButtonElement).disabled) {
      opener.focus();
      if (document.activeElement === opener) return;
    }
    titleRef.current?.focus();
  }, [top, depth]);

  return (
    <header className={styles.bar}>
      {depth > 1 && <Button appearance="subtle" icon={<ArrowLeft24Regular />} aria-label={t('app.toolbar.back')} onClick={onBack} />}
      <Text as="h1" size={400} weight="semibold" className={styles.title} ref={titleRef} tabIndex={-1} data-testid="page-title">
        {pageTitleText(top?.title, t, toLanguage(i18n.language))}
      </Text>
      <div className={styles.actions} ref={slotRef} data-testid="toolbar-actions" />
      <div className={styles.picker}>
        <LanguagePicker />
      </div>
    </header>
  );
}
