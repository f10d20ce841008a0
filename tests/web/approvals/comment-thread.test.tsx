/**
 * The comment thread of the detail page (issue #33 item 5): comments oldest first as plain text,
 * a withdrawn one kept as "withdrawn" with who and when, the reader's own Withdraw (confirmed), a
 * composer with its 2,000-character limit, `@` offering the people who can see the document, and
 * the server's refusal of a mention ("add them to circulation") shown under the box.
 */
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CommentThread } from '../../../src/app/pages/approvals/CommentThread';
import type { CommentView } from '../../../src/wire/comments';
import { createApprovalsHost, type HostCall, type HostRoutes } from './approvals-host';
import { collection } from './fixtures';

const PATH = '/buffer/5/comments';
const me = { id: 7, name: 'Kenji Approver' };
const hanako = { id: 3, name: 'Hanako Employee' };
const legal = { id: 11, name: 'Mai Legal' };

const comment = (id: number, overrides: Partial<CommentView> = {}): CommentView => ({
  id, author: hanako, body: `Comment ${id}`, mentions: [], created_at: '2026-11-20T08:00:00.000Z', withdrawn: null, can_withdraw: false, ...overrides,
});

function renderThread(routes: HostRoutes, confirmAnswers: boolean[] = []) {
  const h = createApprovalsHost({ routes, confirmAnswers });
  const deletes: string[] = [];
  h.host.api.delete = async <T,>(path: string) => {
    deletes.push(path);
    const route = routes[`DELETE ${path}`];
    return (typeof route === 'function' ? (route as () => unknown)() : route) as T;
  };
  render(<CommentThread documentId={5} />, { wrapper: h.Wrapper });
  return { ...h, deletes };
}

describe('the comment thread', () => {
  it('shows comments as text in order, a withdrawn one as withdrawn without its body, and Withdraw only on the reader\'s own', async () => {
    const user = userEvent.setup();
    let withdrawn = false;
    const own = () => comment(2, { author: me, body: 'Mine <b>not bold</b>\nsecond line', can_withdraw: !withdrawn, ...(withdrawn ? { body: null, withdrawn: { at: '2026-11-21T09:30:00.000Z', by: me } } : {}) });
    const h = renderThread({
      [`GET ${PATH}`]: () => collection([comment(1, { mentions: [me] }), own(), comment(3, { body: null, withdrawn: { at: '2026-11-21T10:00:00.000Z', by: hanako } })]),
      [`DELETE ${PATH}/2`]: () => { withdrawn = true; return own(); },
    }, [false, true]);
    const list = await screen.findByRole('list', { name: 'Comments' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    const items = within(list).getAllByRole('listitem');
    expect(items[0].textContent).toContain('Comment 1');
    expect(items[0].textContent).toContain(`Mentions: ${me.name}`);
    // Plain text: the markup shows as typed, nothing is rendered as HTML.
    expect(items[1].querySelector('b')).toBeNull();
    expect(items[1].textContent).toContain('Mine <b>not bold</b>\nsecond line');
    expect(items[2].textContent).toContain(`Withdrawn by ${hanako.name} on 2026/11/21`);
    expect(items[2].textContent).not.toContain('Comment 3');
    expect(within(items[0]).queryByRole('button', { name: 'Withdraw' })).toBeNull();
    expect(within(items[2]).queryByRole('button', { name: 'Withdraw' })).toBeNull();

    // Declined first: nothing sent; then confirmed: withdrawn, and the thread shows the trace.
    await user.click(within(items[1]).getByRole('button', { name: 'Withdraw' }));
    expect(h.deletes).toEqual([]);
    await user.click(within(items[1]).getByRole('button', { name: 'Withdraw' }));
    expect(h.confirms).toEqual(['Withdraw this comment? It stays in the thread as withdrawn.', 'Withdraw this comment? It stays in the thread as withdrawn.']);
    await waitFor(() => expect(h.deletes).toEqual([`${PATH}/2`]));
    await waitFor(() => expect(within(list).getAllByRole('listitem')[1].textContent).toContain(`Withdrawn by ${me.name}`));
    expect(within(list).getAllByRole('listitem')[1].textContent).not.toContain('second line');
  });

  it('typing @ offers the people who can see the document; choosing one inserts @Name and posts the mention', async () => {
    const user = userEvent.setup();
    const h = renderThread({
      [`GET ${PATH}`]: collection([]),
      [`GET ${PATH}/mentionable`]: collection([hanako, legal]),
      [`POST ${PATH}`]: (call: HostCall) => comment(9, { author: me, body: String((call.body as { body: string }).body) }),
    });
    expect(await screen.findByText('No comments yet.')).toBeTruthy();
    const box = screen.getByRole('textbox', { name: /Write a comment/ });
    expect((screen.getByRole('button', { name: 'Post comment' }) as HTMLButtonElement).disabled).toBe(true);
    await user.type(box, 'Please check @');
    const group = await screen.findByRole('group', { name: 'People who can see this document' });
    expect(within(group).getByText('To involve someone who cannot see it, add them to circulation.')).toBeTruthy();
    await user.click(await within(group).findByRole('button', { name: legal.name }));
    expect((box as HTMLTextAreaElement).value).toBe(`Please check @${legal.name} `);
    expect(screen.queryByRole('group', { name: 'People who can see this document' })).toBeNull();
    await user.type(box, 'the seal');
    await user.click(screen.getByRole('button', { name: 'Post comment' }));
    await waitFor(() => expect(h.posts(PATH).map((c) => c.body)).toEqual([{ body: `Please check @${legal.name} the seal`, mentions: [legal.id] }]));
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
  });

  it('a mention the text no longer holds is not sent; the server\'s refusal shows under the box and keeps the text', async () => {
    const user = userEvent.setup();
    const h = renderThread({
      [`GET ${PATH}`]: collection([]),
      [`GET ${PATH}/mentionable`]: collection([hanako]),
      [`POST ${PATH}`]: () => { throw Object.assign(new Error('Jiro cannot see this document, so cannot be mentioned. To involve them, add them to circulation.'), { status: 422 }); },
    });
    await screen.findByText('No comments yet.');
    await user.click(screen.getByRole('button', { name: 'Mention' }));
    await user.click(await screen.findByRole('button', { name: hanako.name }));
    await user.click(screen.getByRole('button', { name: `Remove mention of ${hanako.name}` }));
    const box = screen.getByRole('textbox', { name: /Write a comment/ }) as HTMLTextAreaElement;
    expect(box.value).toBe(`${hanako.name} `);
    await user.type(box, 'and Jiro');
    await user.click(screen.getByRole('button', { name: 'Post comment' }));
    await waitFor(() => expect(h.posts(PATH).map((c) => c.body)).toEqual([{ body: `${hanako.name} and Jiro` }]));
    expect(await screen.findByText(/add them to circulation/)).toBeTruthy();
    expect(box.value).toBe(`${hanako.name} and Jiro`);
  });

  it('counts characters and refuses more than 2,000 before sending', async () => {
    const h = renderThread({ [`GET ${PATH}`]: collection([]) });
    await screen.findByText('No comments yet.');
    const box = screen.getByRole('textbox', { name: /Write a comment/ });
    const user = userEvent.setup();
    await user.click(box);
    await user.paste('承'.repeat(2000));
    expect(screen.getByText('2000 / 2000')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Post comment' }) as HTMLButtonElement).disabled).toBe(false);
    await user.paste('承');
    expect(screen.getByText('2001 / 2000')).toBeTruthy();
    expect(screen.getByText('A comment has at most 2000 characters.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Post comment' }) as HTMLButtonElement).disabled).toBe(true);
    expect(h.posts()).toEqual([]);
  });
});
