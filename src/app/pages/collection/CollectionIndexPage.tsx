import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ChevronRightRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { usePageStack, type PageProps } from '../../navigation';
import { useSession } from '../../session';
import { openApplication } from '../application/open-application';
import { fetchModuleDefinitions, MODULE_DEFINITIONS_KEY } from '../application/module-definitions';
import { usePageStyles } from '../common/page-styles';

/** The collection index's choices (spec 000 §2: sales registration, report or debt). */
export const COLLECTION_MODULES = ['collection-sales', 'collection-report', 'collection-debt'] as const;

const useStyles = makeStyles({
  choice: { justifyContent: 'space-between', minHeight: '48px', padding: tokens.spacingHorizontalM },
});

/**
 * Collection index: one entry per collection module the server defines; each opens the
 * application page with that module.
 */
export function CollectionIndexPage(_: PageProps<undefined>) {
  const { t } = useTranslation();
  const styles = { ...usePageStyles(), ...useStyles() };
  const stack = usePageStack();
  const { api } = useSession();
  const { data: modules } = useQuery({ queryKey: MODULE_DEFINITIONS_KEY, queryFn: () => fetchModuleDefinitions(api), staleTime: 5 * 60_000 });
  const known = new Set((modules ?? []).map((m) => m.code));
  const choices = COLLECTION_MODULES.filter((code) => !modules || known.has(code));
  return (
    <section className={styles.page} data-testid="collection-index">
      <Text className={styles.muted}>{t('app.collection.intro')}</Text>
      <nav className={styles.form} aria-label={t('app.collection.title')}>
        {choices.map((code) => (
          <Button key={code} className={styles.choice} icon={<ChevronRightRegular />} iconPosition="after" onClick={() => void openApplication(stack, code)}>
            {t(`${code}.title`)}
          </Button>
        ))}
      </nav>
    </section>
  );
}
