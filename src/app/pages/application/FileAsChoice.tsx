import { Field, Select, makeStyles, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { resourceKey } from '../../../renderer/resource-key';
import type { UserPostCollection, UserPostView } from '../../../wire/posts';
import type { useSession } from '../../session';

/**
 * The signed-in user's posts today (`GET /posts/mine`, main first): their main department and the
 * departments of their concurrent posts (兼務). The form offers them when there is more than one;
 * the server checks the one sent again (filing and the route preview).
 */
export function useMyPosts(api: ReturnType<typeof useSession>['api']): UserPostView[] {
  const query = useQuery({
    queryKey: resourceKey('/posts/mine', undefined, 'posts'),
    queryFn: async () => (await api.get<UserPostCollection>('/posts/mine', { ringiSilent: true })).data,
    staleTime: 60_000,
  });
  return query.data?.['hydra:member'] ?? [];
}

const useStyles = makeStyles({
  choice: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, margin: `${tokens.spacingVerticalS} 0` },
  select: { minWidth: 0, width: '100%' },
});

/** A post as the choice names it, in the reader's words: company / department (positions). */
export function postLabel(post: UserPostView, t: ReturnType<typeof useTranslation>['t']): string {
  const where = t('app.application.fileAs.post', { company: post.company_name, department: post.department_name });
  return post.positions.length ? t('app.application.fileAs.withPositions', { post: where, positions: post.positions.join(t('app.application.fileAs.separator')) }) : where;
}

/**
 * "File as": which of the user's posts the document is filed as (兼務, issue #36 item 6) — shown
 * only when the user holds more than one. The route (the process card, and filing) resolves from
 * the chosen post's department; a form without a company of its own files for that post's company.
 */
export function FileAsChoice({ posts, value, onChange }: { posts: UserPostView[]; value: number | null; onChange(departmentId: number): void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  if (posts.length < 2) return null;
  const chosen = value ?? posts[0].department_id;
  return (
    <div className={styles.choice} data-testid="file-as">
      <Field label={t('app.application.fileAs.label')} hint={t('app.application.fileAs.hint')}>
        <Select className={styles.select} value={String(chosen)} onChange={(_, d) => onChange(Number(d.value))}>
          {posts.map((p) => (
            <option key={p.department_id} value={p.department_id}>
              {p.main ? t('app.application.fileAs.main', { post: postLabel(p, t) }) : postLabel(p, t)}
            </option>
          ))}
        </Select>
      </Field>
    </div>
  );
}
