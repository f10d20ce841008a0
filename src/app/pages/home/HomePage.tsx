import { lazy } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useRendererHost } from '../../../renderer/host';
import { invalidateResources } from '../../../renderer/resource-key';
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

  const openList = (kind: ListKind) =>
    void stack.push<unknown, ApprovalListPageParams>({ title: { key: `app.approvals.lists.${kind}` }, component: ApprovalListPage, params: { kind } });

  return (
    <section className={styles.page} data-testid="home" aria-labelledby="ringi-home-greeting">
      <div className={styles.banner} role="img" aria-label={t('app.home.banner')}>
        <Text as="p" size={500} weight="semibold">
          {t('app.home.banner')}
        </Text>
      </div>
      <Text as="h2" size={500} weight="semibold" id="ringi-home-greeting">
        {t('app.home.greeting', { name: profile?.name ?? host.user?.name ?? '' })}
      </Text>
      {profile?.company && <Text className={styles.muted}>{t('app.home.company', { company: profile.company.name })}</Text>}
      <ApprovalShortcuts pendingCount={pendingCount} onOpen={openList} />
      <CirculatedShortcut />
      <HomeTabs onSeeAll={openList} />
      <Launchers />
    </section>
  );
}
