import { lazy, startTransition, useCallback, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useRendererHost } from '../../../renderer/host';
import { invalidateResources } from '../../../renderer/resource-key';
import { moduleDefinitionListOptions } from '../../api/queries';
import { usePageStack } from '../../navigation';
import { useSession } from '../../session';
import type { ApprovalListPageParams } from '../approvals/ApprovalListPage';
import type { ListKind } from '../approvals/types';
import { usePageStyles } from '../common/page-styles';
import { ApprovalShortcuts } from './ApprovalShortcuts';
import { CirculatedShortcut } from './CirculatedShortcut';
import { HomeTabs } from './HomeTabs';
import { Launchers } from './Launchers';
import { usePendingCount } from './use-pending-count';
import { useReturnedHome } from './use-returned-home';

/** What Home shows from the server: the approval lists and counts, the initiated, forwarded and circulated documents. */
const HOME_RESOURCES = ['/approvals/my', '/my-buffers', '/buffer/forwarded', '/buffer/circulated'];

/**
 * Home mounts in stages (docs/PERFORMANCE.md "Home's first render"): first the banner and the
 * greeting (the page's largest text), then the shortcuts, then the top tabs with their list,
 * then the launchers, each as a transition after the commit before, so React renders them in
 * slices and the start of a signed-in session is not one long task. Every part is there in the
 * end; the page is `aria-busy` until then.
 */
export const HOME_STAGES = 4;

const ApprovalListPage = lazy(async () => ({ default: (await import('../approvals/ApprovalListPage')).ApprovalListPage }));

const useStyles = makeStyles({
  banner: {
    borderRadius: tokens.borderRadiusXLarge,
    padding: `${tokens.spacingVerticalXL} ${tokens.spacingHorizontalL}`,
    backgroundImage: `linear-gradient(135deg, ${tokens.colorBrandBackground}, ${tokens.colorBrandBackgroundPressed})`,
    color: tokens.colorNeutralForegroundOnBrand,
  },
});

/**
 * Home (spec 000 §2): banner and greeting; four shortcuts (Pending with the count waiting) that
 * open the full lists; "For your information"; the top tabs Pending, Done, Initiated, Forwarded,
 * each with the first page of its list and "See all"; then the module launchers. Coming back to
 * Home refreshes the badge and the open tab's list.
 */
export function HomePage() {
  const { t } = useTranslation();
  const styles = { ...usePageStyles(), ...useStyles() };
  const { profile } = useSession();
  const stack = usePageStack();
  const host = useRendererHost();
  const queryClient = useQueryClient();
  // An action on a document invalidates the count and the lists; coming back to Home invalidates
  // them too (others may have filed or acted meanwhile).
  useReturnedHome(() => void invalidateResources(queryClient, HOME_RESOURCES));
  const pendingCount = usePendingCount();

  const [stage, setStage] = useState(1);
  useEffect(() => {
    if (stage < HOME_STAGES) startTransition(() => setStage((n) => n + 1));
  }, [stage]);
  // The launchers' module list is asked for at once, not when their stage mounts.
  useEffect(() => void queryClient.prefetchQuery(moduleDefinitionListOptions(host.api)), [queryClient, host.api]);

  // Stable, so an answer that re-renders Home (the pending count) does not re-render the lists and launchers.
  const openList = useCallback(
    (kind: ListKind) =>
      void stack.push<unknown, ApprovalListPageParams>({ title: { key: `app.approvals.lists.${kind}` }, component: ApprovalListPage, params: { kind } }),
    [stack],
  );

  return (
    <section className={styles.page} data-testid="home" data-stage={stage} aria-labelledby="ringi-home-greeting" aria-busy={stage < HOME_STAGES || undefined}>
      <div className={styles.banner} role="img" aria-label={t('app.home.banner')}>
        <Text as="p" size={500} weight="semibold">
          {t('app.home.banner')}
        </Text>
      </div>
      <Text as="h2" size={500} weight="semibold" id="ringi-home-greeting">
        {t('app.home.greeting', { name: profile?.name ?? host.user?.name ?? '' })}
      </Text>
      {profile?.company && <Text className={styles.muted}>{t('app.home.company', { company: profile.company.name })}</Text>}
      {stage >= 2 ? (
        <>
          <ApprovalShortcuts pendingCount={pendingCount} onOpen={openList} />
          <CirculatedShortcut />
        </>
      ) : null}
      {stage >= 3 ? <HomeTabs onSeeAll={openList} /> : null}
      {stage >= 4 ? <Launchers /> : null}
    </section>
  );
}
