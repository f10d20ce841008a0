import { Field, Select, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { resourceKey } from '../../../renderer/resource-key';
import type { ProxyFilerCollection } from '../../../wire/proxy-filers';
import type { useSession } from '../../session';

/** Someone the user may file this module for today (代理申請). */
export interface Principal {
  id: number;
  name: string;
}

/**
 * The principals who allow the user to file `moduleCode` for them today: the permissions in effect
 * that `GET /proxy_filers` answers as `filing_for`, for every module or naming this one (one entry
 * per principal). A convenience for the form: the server checks the permission again on the route
 * preview, the drafts and the filing.
 */
export function usePrincipals(api: ReturnType<typeof useSession>['api'], moduleCode: string): { principals: Principal[]; failed: boolean } {
  const query = useQuery({
    queryKey: resourceKey('/proxy_filers', undefined, 'filing-for'),
    queryFn: async () => (await api.get<ProxyFilerCollection>('/proxy_filers', { ringiSilent: true })).data,
    staleTime: 60_000,
  });
  const seen = new Map<number, Principal>();
  for (const p of query.data?.filing_for ?? []) {
    if (p.module_codes === null || p.module_codes.length === 0 || p.module_codes.includes(moduleCode)) seen.set(p.principal.id, { id: p.principal.id, name: p.principal.name });
  }
  return { principals: [...seen.values()], failed: query.isError };
}

const useStyles = makeStyles({
  choice: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, margin: `${tokens.spacingVerticalS} 0` },
  select: { minWidth: 0, width: '100%' },
});

/**
 * "File for": the user themselves or one of the principals who allowed them for this module
 * (shown only when there is someone). Choosing a principal makes the document theirs: their
 * route, their draft, the history says who filed it for them.
 */
export function FileForChoice({ principals, selfName, value, onChange }: {
  principals: Principal[]; selfName: string; value: number | null; onChange(filedFor: number | null): void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  if (principals.length === 0) return null;
  const chosen = principals.find((p) => p.id === value);
  return (
    <div className={styles.choice} data-testid="file-for">
      <Field label={t('app.application.fileFor.label')}>
        <Select className={styles.select} value={value === null ? '' : String(value)} onChange={(_, d) => onChange(d.value === '' ? null : Number(d.value))}>
          <option value="">{t('app.application.fileFor.self', { name: selfName })}</option>
          {principals.map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
        </Select>
      </Field>
      {chosen ? <Text size={200} role="status" data-testid="file-for-note">{t('app.application.fileFor.note', { name: chosen.name })}</Text> : null}
    </div>
  );
}
