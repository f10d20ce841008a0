import { useId, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Field, Text, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { toDisplayTimestamp } from '../../../engine/dates/to-display-timestamp';
import { useRendererHost } from '../../../renderer/host';
import { invalidateResources, resourceKey } from '../../../renderer/resource-key';
import { COMMENT_MAX, type CommentBody, type CommentCollection, type CommentView, type MentionableCollection } from '../../../wire/comments';
import { listText } from '../../../engine';

const useStyles = makeStyles({
  thread: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  comment: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, paddingBottom: tokens.spacingVerticalXS },
  // What people typed is shown as text, line breaks kept, never as HTML.
  body: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground3 },
  withdrawn: { color: tokens.colorNeutralForeground3, fontStyle: 'italic' },
  people: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS, justifyContent: 'space-between' },
});

const chars = (text: string) => [...text].length;

/**
 * A document's comment thread (issue #33 item 5): the comments oldest first (a withdrawn one
 * stays, saying who withdrew it and when), the reader's own "Withdraw" (confirmed), and a
 * composer — plain text up to 2,000 characters with a counter, and `@` mentions of the people who
 * can see the document (typing `@` or "Mention" opens the list; a chosen person is inserted as
 * `@Name` and mentioned while that text stays). The server decides who may be mentioned; its
 * refusal ("add them to circulation") is shown under the box.
 */
export function CommentThread({ documentId }: { documentId: number }) {
  const { t } = useTranslation();
  const host = useRendererHost();
  const styles = useStyles();
  const queryClient = useQueryClient();
  const hintId = useId();
  const path = `/buffer/${documentId}/comments`;
  const thread = useQuery({ queryKey: resourceKey(path), queryFn: () => host.api.get<CommentCollection>(path) });
  const [text, setText] = useState('');
  const [mentions, setMentions] = useState<Array<{ id: number; name: string }>>([]);
  const [choosing, setChoosing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const people = useQuery({
    queryKey: resourceKey(`${path}/mentionable`),
    queryFn: () => host.api.get<MentionableCollection>(`${path}/mentionable`),
    enabled: choosing,
  });
  const length = chars(text.trim());
  const tooLong = length > COMMENT_MAX;
  // A mention stands while its "@Name" is still in the text.
  const standing = useMemo(() => mentions.filter((m) => text.includes(`@${m.name}`)), [mentions, text]);

  const reload = () => invalidateResources(queryClient, [path]);
  const type = (value: string) => {
    setProblem('');
    if (value.length === text.length + 1 && value.endsWith('@')) setChoosing(true);
    setText(value);
  };
  const mention = (person: { id: number; name: string }) => {
    const base = text.endsWith('@') ? text.slice(0, -1) : text;
    setText(`${base}${base && !/\s$/.test(base) ? ' ' : ''}@${person.name} `);
    setMentions((m) => [...m.filter((x) => x.id !== person.id), person]);
    setChoosing(false);
  };
  const post = async () => {
    if (!length || tooLong || busy) return;
    setBusy(true);
    setProblem('');
    try {
      const body: CommentBody = { body: text, ...(standing.length ? { mentions: standing.map((m) => m.id) } : {}) };
      await host.api.post<CommentView>(path, body);
      setText('');
      setMentions([]);
      await reload();
    } catch (error) {
      setProblem((error as Error).message || t('app.approvals.comments.failed'));
    } finally {
      setBusy(false);
    }
  };
  const withdraw = async (comment: CommentView) => {
    if (!(await host.confirm(t('app.approvals.comments.confirmWithdraw'), undefined, { danger: true }))) return;
    try {
      await host.api.delete(`${path}/${comment.id}`);
    } finally {
      await reload();
    }
  };

  const comments = thread.data?.['hydra:member'] ?? [];
  return (
    <Card data-testid="comment-thread">
      <Text weight="semibold" as="h3" id={`${hintId}-title`}>{t('app.approvals.comments.title')}</Text>
      {thread.isError ? <Text className={styles.muted}>{t('app.approvals.comments.failed')}</Text> : null}
      {thread.isSuccess && comments.length === 0 ? <Text className={styles.muted}>{t('app.approvals.comments.empty')}</Text> : null}
      <ol className={styles.thread} aria-labelledby={`${hintId}-title`}>
        {comments.map((c) => (
          <li key={c.id} className={styles.comment} data-comment={c.id} data-withdrawn={c.withdrawn ? 'true' : undefined}>
            <div className={styles.row}>
              <Text size={200} className={styles.muted}>{t('app.approvals.comments.by', { name: c.author.name, at: toDisplayTimestamp(c.created_at) })}</Text>
              {c.can_withdraw ? <Button size="small" appearance="subtle" onClick={() => void withdraw(c)}>{t('app.approvals.comments.withdraw')}</Button> : null}
            </div>
            {c.withdrawn
              ? <Text className={styles.withdrawn}>{t('app.approvals.comments.withdrawn', { name: c.withdrawn.by.name, at: toDisplayTimestamp(c.withdrawn.at) })}</Text>
              : <Text className={styles.body}>{c.body}</Text>}
            {!c.withdrawn && c.mentions.length ? <Text size={200} className={styles.muted}>{t('app.approvals.comments.mentioned', { names: listText(t, c.mentions.map((m) => m.name)) })}</Text> : null}
          </li>
        ))}
      </ol>
      <Field
        label={t('app.approvals.comments.label')}
        hint={t('app.approvals.comments.hint', { max: COMMENT_MAX })}
        validationState={tooLong || problem ? 'error' : 'none'}
        validationMessage={tooLong ? t('app.approvals.comments.tooLong', { max: COMMENT_MAX }) : problem || undefined}
      >
        <Textarea value={text} onChange={(_, d) => type(d.value)} resize="vertical" />
      </Field>
      <Text size={200} className={styles.muted} aria-live={tooLong ? 'polite' : 'off'}>{t('app.approvals.comments.length', { length, max: COMMENT_MAX })}</Text>
      {standing.length ? (
        <div className={styles.people}>
          {standing.map((m) => (
            <Button key={m.id} size="small" appearance="outline" aria-label={t('app.approvals.comments.removeMention', { name: m.name })}
              onClick={() => setText((v) => v.split(`@${m.name}`).join(m.name))}>
              {`@${m.name} ×`}
            </Button>
          ))}
        </div>
      ) : null}
      {choosing ? (
        <div role="group" aria-label={t('app.approvals.comments.mentionsLabel')} className={styles.people}>
          {(people.data?.['hydra:member'] ?? []).map((p) => (
            <Button key={p.id} size="small" onClick={() => mention(p)}>{p.name}</Button>
          ))}
          {people.isSuccess && !people.data['hydra:member'].length ? <Text size={200}>{t('app.approvals.comments.noMentionable')}</Text> : null}
          <Text size={200} className={styles.muted}>{t('app.approvals.comments.circulationHint')}</Text>
        </div>
      ) : null}
      <div className={styles.row}>
        <Button appearance="subtle" aria-expanded={choosing} onClick={() => setChoosing((v) => !v)}>{t('app.approvals.comments.mention')}</Button>
        <Button appearance="primary" disabled={!length || tooLong || busy} onClick={() => void post()}>
          {busy ? t('app.approvals.comments.posting') : t('app.approvals.comments.post')}
        </Button>
      </div>
    </Card>
  );
}
