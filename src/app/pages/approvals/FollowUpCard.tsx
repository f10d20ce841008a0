import { useContext, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Link, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../engine';
import { useRendererHost } from '../../../renderer/host';
import { resourceKey } from '../../../renderer/resource-key';
import type { FollowUpDataQuery, FollowUpLink, FollowUpsView, FollowUpStart } from '../../../wire/follow-ups';
import { moduleDefinitionOptions } from '../../api/queries';
import { NavigationContext } from '../../navigation';
import { openDetail } from './open-detail';
import { openSubmitPage } from './open-submit-page';
import { StatusBadge } from './StatusBadge';

const useStyles = makeStyles({
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  row: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS, minWidth: 0 },
  name: { display: 'flex', flexDirection: 'column', minWidth: 0, overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground3 },
  offers: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

/** The follow-ups of a document as the detail page reads them (`GET /buffers/{id}/follow_ups`). */
export const followUpsPath = (documentId: number) => `/buffers/${documentId}/follow_ups`;

/**
 * A document's follow-up documents (関連書類, issue #36 item 5) on its detail page: the document it
 * follows up with the difference of their amounts, the documents that follow it up (each a link to
 * its detail), and "Create <module>" for each follow-up its requester may create now — which asks the
 * server for the carried-over data (`/buffers/{id}/follow_up_data`) and opens that module's form with
 * it, to be filed with `follow_up_of`. Nothing at all for a document without any of these. The
 * server decides every part (who may create what, which links the reader may open).
 */
export function FollowUpCard({ documentId, statistic = false }: { documentId: number; statistic?: boolean }) {
  const { t } = useTranslation();
  const host = useRendererHost();
  const styles = useStyles();
  const queryClient = useQueryClient();
  const navigation = useContext(NavigationContext);
  const [starting, setStarting] = useState<string | null>(null);
  const view = useQuery({
    queryKey: resourceKey(followUpsPath(documentId)),
    queryFn: () => host.api.get<FollowUpsView>(followUpsPath(documentId)),
  });

  if (view.isPending) return null;
  if (view.isError) {
    return (
      <Card className={styles.card} data-testid="follow-ups">
        <Text data-testid="follow-ups-failed">{t('app.followUps.failed')}</Text>
        <Button appearance="subtle" onClick={() => void view.refetch()}>{t('app.followUps.retry')}</Button>
      </Card>
    );
  }
  // A reader without any part (most documents) sees nothing; a partial answer counts as empty parts.
  const origin = view.data?.origin ?? null;
  const difference = view.data?.difference ?? null;
  const followUps = view.data?.follow_ups ?? [];
  const offers = view.data?.offers ?? [];
  if (!origin && !followUps.length && !offers.length) return null;

  const money = (amount: number) => `${formatMoney(amount, difference?.currency_code, host.language)}${difference?.currency_code ? ` ${difference.currency_code}` : ''}`;
  const signed = (amount: number) => `${amount > 0 ? '+' : ''}${money(amount)}`;
  const open = (link: FollowUpLink) => void openDetail(host, link.code, { documentId: link.id, statistic });
  // The carried-over data is the server's (exactly the mapped fields and the link); the form opens with it.
  const start = async (moduleCode: string) => {
    const stack = navigation?.stack;
    if (!stack || starting) return;
    setStarting(moduleCode);
    try {
      const begun = await host.api.get<FollowUpStart>(`/buffers/${documentId}/follow_up_data`, { module: moduleCode } satisfies FollowUpDataQuery);
      const module = await queryClient.fetchQuery(moduleDefinitionOptions(host.api, begun.module_code));
      void openSubmitPage(stack, module, begun.data, begun.origin);
    } catch {
      // The API client showed the server's message (not completed, not the requester's, already followed up).
    } finally {
      setStarting(null);
    }
  };
  const linkRow = (link: FollowUpLink) => (
    <div className={styles.row} key={link.id} data-follow-up-link={link.code}>
      <span className={styles.name}>
        {link.visible ? <Link onClick={() => open(link)}>{link.code}</Link> : <Text>{link.code}</Text>}
        <Text size={200} className={styles.muted}>{link.title}</Text>
      </span>
      <StatusBadge status={link.status} />
    </div>
  );

  return (
    <Card className={styles.card} data-testid="follow-ups">
      <Text weight="semibold">{t('app.followUps.title')}</Text>
      {origin ? (
        <div data-testid="follow-up-origin">
          <Text size={200} className={styles.muted}>{t('app.followUps.originLabel')}</Text>
          {linkRow(origin)}
        </div>
      ) : null}
      {origin && difference ? (
        <div className={styles.name} data-testid="follow-up-difference" data-difference={difference.difference}>
          <Text>{t('app.followUps.amountOrigin', { code: origin.code, amount: money(difference.origin) })}</Text>
          <Text>{t('app.followUps.amountThis', { amount: money(difference.follow_up) })}</Text>
          <Text weight="semibold">{t('app.followUps.difference', { amount: signed(difference.difference) })}</Text>
        </div>
      ) : null}
      {followUps.length ? (
        <div data-testid="follow-up-list">
          <Text size={200} className={styles.muted}>{t('app.followUps.followUpsLabel')}</Text>
          {followUps.map(linkRow)}
        </div>
      ) : null}
      {offers.length ? (
        <div className={styles.offers}>
          {offers.map((offer) => (
            <Button key={offer.module_code} appearance="primary" icon={starting === offer.module_code ? <Spinner size="tiny" /> : <AddRegular />}
              disabled={starting !== null} onClick={() => void start(offer.module_code)} data-follow-up-offer={offer.module_code}>
              {t('app.followUps.create', { title: offer.title })}
            </Button>
          ))}
        </div>
      ) : null}
    </Card>
  );
}
