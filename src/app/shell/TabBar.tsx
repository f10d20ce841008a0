import { Tab as FluentTab, TabList, makeStyles, tokens } from '@fluentui/react-components';
import { DataBarVertical24Regular, Home24Regular, PersonCircle24Regular } from '@fluentui/react-icons';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { Tab } from '../navigation';

const useStyles = makeStyles({
  bar: {
    flexShrink: 0,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    paddingBottom: 'env(safe-area-inset-bottom)',
  },
  list: { display: 'flex', justifyContent: 'space-around' },
  tab: { flex: '1 1 0', justifyContent: 'center', minWidth: 0 },
});

const ICONS: Record<Tab, ReactElement> = {
  home: <Home24Regular />,
  statistic: <DataBarVertical24Regular />,
  admin: <PersonCircle24Regular />,
};

export interface TabBarProps {
  tabs: Tab[];
  selected: Tab;
  onSelect: (tab: Tab) => void;
}

/** The bottom tab bar; which tabs show is decided by the caller (see visibleTabs). */
export function TabBar({ tabs, selected, onSelect }: TabBarProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <nav className={styles.bar} aria-label={t('app.tabs.label')}>
      <TabList className={styles.list} selectedValue={selected} onTabSelect={(_, data) => onSelect(data.value as Tab)} size="medium">
        {tabs.map((tab) => (
          <FluentTab key={tab} value={tab} icon={ICONS[tab]} className={styles.tab} data-testid={`tab-${tab}`}>
            {t(`app.tabs.${tab}`)}
          </FluentTab>
        ))}
      </TabList>
    </nav>
  );
}
