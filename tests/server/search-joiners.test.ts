import { afterAll, expect, test } from 'vitest';
import { WORD_JOINER } from '../../src/engine/i18n/keep-words';
import { buildTestApp } from './helpers';

/**
 * Issue 31 item 15: a name copied from a Chinese screen with its word joiners (U+2060, how the
 * screens keep a word whole at a line end) finds the same rows as the name typed by hand.
 */
const t = await buildTestApp();
afterAll(async () => { await t.close(); });
const token = await t.login('employee@example.com');
const headers = { authorization: `Bearer ${token}`, 'accept-language': 'zh' };

test('a search with word joiners in its text finds what the same text without them finds', async () => {
  const all = await t.app.inject({ url: '/api/companies', headers });
  expect(all.statusCode, all.body).toBe(200);
  const named = (all.json()['hydra:member'] as Array<{ id: number; name: string }>).find((c) => [...c.name].length >= 2);
  expect(named, 'a demo company with a name').toBeDefined();
  const typed = [...named!.name].slice(0, 4).join('');
  const copied = [...typed].join(WORD_JOINER);
  const find = async (name: string) => {
    const response = await t.app.inject({ url: `/api/companies?name=${encodeURIComponent(name)}`, headers });
    expect(response.statusCode).toBe(200);
    return (response.json()['hydra:member'] as Array<{ id: number }>).map((c) => c.id);
  };
  const byTyped = await find(typed);
  expect(byTyped).toContain(named!.id);
  expect(await find(copied)).toEqual(byTyped);
});
