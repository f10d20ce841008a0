import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ChevronRightRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CompiledModule, LauncherGroup } from '../../../engine';
import { usePageStack, type PageProps } from '../../navigation';
import { useSession } from '../../session';
import { openApplication } from '../application/open-application';
import { useRendererHost } from '../../../renderer/host';
import { moduleDefinitionListOptions } from '../../api/queries';
import { usePageStyles } from '../common/page-styles';

const useStyles = makeStyles({
  choice: { justifyContent: 'space-between', minHeight: '48px', padding: tokens.spacingHorizontalM },
});

const groupPosition = (m: CompiledModule) => m.meta.launcher?.groupOrder ?? m.meta.launcher?.order ?? 999;

/** The modules of a launcher group the user may open, in their `launcher.groupOrder` (default `order`, then code). */
export function groupMembers(modules: readonly CompiledModule[], key: string, flags: Record<string, unknown>): CompiledModule[] {
  return modules
    .filter((m) => m.kind === 'module' && m.meta.launcher?.group?.key === key)
    .filter((m) => !m.meta.launcher?.roles?.length || m.meta.launcher.roles.some((role) => flags[role] === true))
    .sort((a, b) => groupPosition(a) - groupPosition(b) || a.code.localeCompare(b.code));
}

/**
 * A launcher group's page (`ui:module.launcher.group`, e.g. the collection index of spec 000 §2):
 * the group's intro and one entry per member module; each opens the application page of that module.
 */
export function LauncherGroupPage({ params: group }: PageProps<LauncherGroup>) {
  const { t } = useTranslation();
  const styles = { ...usePageStyles(), ...useStyles() };
  const stack = usePageStack();
  const { profile } = useSession();
  const { data: modules } = useQuery(moduleDefinitionListOptions(useRendererHost().api));
  const choices = groupMembers(modules ?? [], group.key, (profile ?? {}) as unknown as Record<string, unknown>);
  return (
    <section className={styles.page} data-testid={`${group.key}-index`}>
      {group.intro ? <Text className={styles.muted}>{t(group.intro)}</Text> : null}
      <nav className={styles.form} aria-label={t(group.title)}>
        {choices.map((m) => (
          <Button key={m.code} className={styles.choice} icon={<ChevronRightRegular />} iconPosition="after" onClick={() => void openApplication(stack, m.code, m.meta.title)}>
            {t(m.meta.title)}
          </Button>
        ))}
      </nav>
    </section>
  );
}
