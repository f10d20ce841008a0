import { useState } from 'react';
import { Button, Field, Input, Text, makeStyles, tokens } from '@fluentui/react-components';
import { CopyRegular, DeleteRegular, KeyRegular } from '@fluentui/react-icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toDisplayTimestamp } from '../../../engine';
import { invalidateResources, resourceKey } from '../../../renderer/resource-key';
import type { ScimToken, ScimTokenBody, ScimTokenCollection, ScimTokenCreated } from '../../../wire/scim-tokens';
import { ApiError } from '../../api';
import { useFeedback } from '../../feedback';
import { useSession } from '../../session';
import { ListStates } from '../common/ListStates';
import { usePageStyles } from '../common/page-styles';
import { CompanyChooser, useChosenCompany } from './CompanyChooser';

const useStyles = makeStyles({
  card: {
    display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge, backgroundColor: tokens.colorNeutralBackground1, boxShadow: tokens.shadow2,
  },
  secret: { fontFamily: tokens.fontFamilyMonospace, minWidth: 0, width: '100%' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, justifyContent: 'flex-end', flexWrap: 'wrap' },
  url: { fontFamily: tokens.fontFamilyMonospace, overflowWrap: 'anywhere' },
});

/** The longest token name the server takes. */
const NAME_MAX = 100;

/**
 * Admin → SCIM tokens (issue #34 item 5; docs/IDENTITY.md): a company's bearer tokens for its
 * IdP's provisioning (Entra ID, Okta) at `<origin>/scim/v2` — the live ones with who made them
 * and when they were last used, Revoke (after a confirmation: the IdP's next request fails), and
 * Create with a name. A new token is shown once, with Copy; the server keeps only its hash. A
 * group admin chooses the company, an authorizer manages their own (the server checks the same).
 */
export function ScimTokensPage() {
  const { t } = useTranslation();
  const styles = { ...usePageStyles(), ...useStyles() };
  const { api } = useSession();
  const queryClient = useQueryClient();
  const feedback = useFeedback();
  const [companyId, setCompanyId] = useChosenCompany();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [created, setCreated] = useState<ScimTokenCreated | null>(null);
  const params = { company_id: companyId ?? 0 };

  const list = useQuery({
    queryKey: resourceKey('/scim_tokens', params, 'members'),
    queryFn: async () => (await api.get<ScimTokenCollection>('/scim_tokens', { params, ringiSilent: true })).data['hydra:member'],
    enabled: companyId !== null,
  });
  const reload = () => invalidateResources(queryClient, ['/scim_tokens']);
  const create = useMutation({ mutationFn: (body: ScimTokenBody) => api.post<ScimTokenCreated>('/scim_tokens', body, { ringiSilent: true }), onSettled: reload });
  const revoke = useMutation({ mutationFn: (id: number) => api.delete(`/scim_tokens/${id}`, { ringiSilent: true }), onSettled: reload });
  const baseUrl = `${window.location.origin}/scim/v2`;

  const save = async () => {
    const trimmed = name.trim();
    if (!trimmed) return setNameError(t('app.scimTokens.nameRequired'));
    if (companyId === null) return;
    setNameError(undefined);
    try {
      const reply = await create.mutateAsync({ company_id: companyId, name: trimmed });
      setCreated(reply.data);
      setName('');
    } catch (error) {
      setNameError(error instanceof ApiError && error.message ? error.message : t('app.scimTokens.createFailed'));
    }
  };

  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.token);
      feedback.toast(t('app.scimTokens.copied'), 'success');
    } catch {
      feedback.toast(t('app.scimTokens.copyFailed'), 'error');
    }
  };

  const remove = async (token: ScimToken) => {
    if (!(await feedback.confirm(t('app.scimTokens.revokeConfirm', { name: token.name }), t('app.scimTokens.revokeTitle')))) return;
    try {
      await revoke.mutateAsync(token.id);
      feedback.toast(t('app.scimTokens.revoked'), 'success');
    } catch {
      feedback.toast(t('app.scimTokens.revokeFailed'), 'error');
    }
  };

  const rows = list.data ?? [];
  return (
    <section className={styles.page} data-testid="scim-tokens">
      <Text>{t('app.scimTokens.intro')}</Text>
      <div className={styles.card}>
        <Text weight="semibold">{t('app.scimTokens.baseUrl')}</Text>
        <Text className={styles.url} data-testid="scim-base-url">{baseUrl}</Text>
      </div>
      <CompanyChooser value={companyId} onChange={(id) => { setCompanyId(id); setCreated(null); }} />
      {created ? (
        <div className={styles.card} role="status" data-testid="scim-token-created">
          <Text weight="semibold">{t('app.scimTokens.createdTitle', { name: created.name })}</Text>
          <Text>{t('app.scimTokens.shownOnce')}</Text>
          <Field label={t('app.scimTokens.token')}>
            <Input className={styles.secret} value={created.token} readOnly onFocus={(e) => e.currentTarget.select()} />
          </Field>
          <div className={styles.actions}>
            <Button icon={<CopyRegular />} onClick={() => void copy()}>{t('app.scimTokens.copy')}</Button>
            <Button appearance="primary" onClick={() => setCreated(null)}>{t('app.scimTokens.done')}</Button>
          </div>
        </div>
      ) : null}
      <ListStates query={list} count={rows.length} asked={companyId !== null}
        loadFailed={t('app.scimTokens.loadFailed')} retry={t('app.scimTokens.retry')} empty={t('app.scimTokens.empty')} emptyTestId="scim-tokens-empty" />
      {rows.length > 0 ? (
        <ul className={styles.list} aria-label={t('app.scimTokens.listLabel')}>
          {rows.map((token) => (
            <li key={token.id} className={styles.row} data-testid="scim-token-row">
              <span className={styles.rowText}>
                <Text weight="semibold">{token.name}</Text>
                <Text size={200}>{t('app.scimTokens.createdBy', { name: token.created_by.name, at: toDisplayTimestamp(token.created_at) })}</Text>
                <Text size={200} className={styles.muted}>
                  {token.last_used_at ? t('app.scimTokens.lastUsed', { at: toDisplayTimestamp(token.last_used_at) }) : t('app.scimTokens.neverUsed')}
                </Text>
              </span>
              <Button appearance="subtle" icon={<DeleteRegular />} aria-label={t('app.scimTokens.revokeLabel', { name: token.name })} onClick={() => void remove(token)} />
            </li>
          ))}
        </ul>
      ) : null}
      <form className={styles.card} aria-label={t('app.scimTokens.createTitle')} onSubmit={(e) => { e.preventDefault(); void save(); }}>
        <Field label={t('app.scimTokens.name')} hint={t('app.scimTokens.nameHint')} required validationMessage={nameError}>
          <Input value={name} maxLength={NAME_MAX} onChange={(_, d) => setName(d.value)} />
        </Field>
        <div className={styles.actions}>
          <Button appearance="primary" icon={<KeyRegular />} disabled={create.isPending || companyId === null} onClick={() => void save()}>
            {create.isPending ? t('app.scimTokens.creating') : t('app.scimTokens.create')}
          </Button>
        </div>
      </form>
    </section>
  );
}
