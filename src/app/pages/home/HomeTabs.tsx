import { memo, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Tab, TabList, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { ApprovalList } from '../approvals/ApprovalList';
import { LIST_KINDS, type ListKind } from '../approvals/types';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  // Four equal tabs across a 390 px phone; a label wraps between words rather than overflowing.
  list: { display: 'grid', gridTemplateColumns: `repeat(${LIST_KINDS.length}, minmax(0, 1fr))`, borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  tab: { justifyContent: 'center', minWidth: 0, whiteSpace: 'normal', paddingLeft: tokens.spacingHorizontalXS, paddingRight: tokens.spacingHorizontalXS },
});

/** The key that moves to a neighbouring tab (arrows wrap around; Home and End jump to the ends). */
function nextIndex(key: string, index: number, count: number): number | null {
  if (key === 'ArrowRight') return (index + 1) % count;
  if (key === 'ArrowLeft') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

export interface HomeTabsProps {
  /** Opens the full list page (search, sort, filter, infinite scroll) of a kind. */
  onSeeAll(kind: ListKind): void;
  /** A document changed from the open list (Home refreshes its badge). */
  onChanged?(): void;
}

/**
 * Home's top tabs (spec 000 §2): Pending, Done, Initiated, Forwarded. The open tab's panel shows
 * the first page of that approval list (the same list and query as its full page) with "See all".
 * Keyboard as the ARIA tabs pattern: one tab stop, the arrow keys (Home, End) move to and open
 * the neighbouring tab, Tab goes on into the panel.
 */
export const HomeTabs = memo(function HomeTabs({ onSeeAll, onChanged }: HomeTabsProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const id = useId();
  const [selected, setSelected] = useState<ListKind>('pending');
  const tabs = useRef(new Map<ListKind, HTMLButtonElement | null>());
  const tabId = (kind: ListKind) => `${id}-tab-${kind}`;
  const panelId = `${id}-panel`;

  // Handled here, not by the focus library's arrow group (switched off below with `data-tabster`):
  // the arrow both moves focus and opens the tab, in every browser and in tests alike.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = nextIndex(event.key, LIST_KINDS.indexOf(selected), LIST_KINDS.length);
    if (index === null) return;
    event.preventDefault();
    const kind = LIST_KINDS[index];
    setSelected(kind);
    tabs.current.get(kind)?.focus();
  };

  return (
    <div className={styles.root} data-testid="home-tabs">
      <TabList
        className={styles.list}
        aria-label={t('app.home.lists')}
        selectedValue={selected}
        onTabSelect={(_, data) => setSelected(data.value as ListKind)}
        onKeyDown={onKeyDown}
        data-tabster={undefined}
        size="small"
      >
        {LIST_KINDS.map((kind) => (
          <Tab
            key={kind}
            ref={(node) => { tabs.current.set(kind, node); }}
            id={tabId(kind)}
            value={kind}
            className={styles.tab}
            aria-controls={panelId}
            tabIndex={kind === selected ? 0 : -1}
            data-list={kind}
          >
            {t(`app.approvals.lists.${kind}`)}
          </Tab>
        ))}
      </TabList>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(selected)}>
        <ApprovalList key={selected} kind={selected} compact onSeeAll={() => onSeeAll(selected)} onChanged={onChanged} />
      </div>
    </div>
  );
});
