import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { screen, within } from '@testing-library/react';
import { loadDefinitionFiles } from '../../../../server/definitions/load-definition-files';
import { compileModules, type CompiledModule, type Lang } from '../../../../src/engine';
import { DetailCard } from '../../../../src/renderer/DetailCard';
import { ModuleForm } from '../../../../src/renderer/ModuleForm';
import { lookupTables, renderWithHost } from '../../test-host';

// The user form's posts name a position by its code; the company's positions (organisation data,
// `GET /companies/{id}/positions`) give its name in the reader's language — as the server answers.
const names: Record<Lang, Record<string, string>> = {
  en: { head: 'Department head', director: 'Division director' },
  ja: { head: '部門長', director: '本部長' },
  zh: { head: '部门负责人', director: '事业部总监' },
};
const positionsIn = (lang: Lang) => [
  { id: 1, company_id: 1, code: 'head', name: names[lang].head, state: 'active' },
  // Retired: no longer offered, still named where a post holds it.
  { id: 2, company_id: 1, code: 'director', name: names[lang].director, state: 'retired' },
];

let users: CompiledModule;
beforeAll(async () => {
  const { files } = await loadDefinitionFiles();
  users = compileModules(files).modules.users as CompiledModule;
});
const shared = lookupTables.positions;
afterEach(() => {
  lookupTables.positions = shared;
});

const user = {
  company_id: 1, department_id: 10, location_id: null, join_date: null, name: 'Taro Staff', email: 'taro@example.com', manager_id: null,
  posts: [
    { index: 1, company_id: 1, department_id: 10, position_code: 'head', effective_from: '2026-04-01', effective_to: null },
    { index: 2, company_id: 1, department_id: 11, position_code: 'director', effective_from: null, effective_to: null },
  ],
};

describe.each(['en', 'ja'] as const)('a user\'s posts show the position\'s name (%s), never its code', (language) => {
  test('detail card of a user request, and its old → new posts', async () => {
    lookupTables.positions = positionsIn(language);
    const view = renderWithHost(<DetailCard module={users} data={user} context={{ currencies: [], steps: [] }} changes={{ posts: [user.posts[1]] }} />, { language });
    await view.settled();
    const rows = screen.getAllByRole('listitem').map((li) => li.textContent ?? '');
    expect(rows.some((row) => row.startsWith(names[language].head) && row.includes('2026/04/01'))).toBe(true);
    expect(rows.filter((row) => row === names[language].director)).not.toHaveLength(0);
    expect(rows.some((row) => /^(head|director)\b/.test(row))).toBe(false);
  });

  test('the form\'s post list', async () => {
    lookupTables.positions = positionsIn(language);
    const view = renderWithHost(<ModuleForm module={users} initialData={user} context={{ currencies: [], steps: [] }} onSubmit={async () => ({ code: 'USR-1' })} />, { language });
    await view.settled();
    const list = document.querySelector('[id$="posts"]') as HTMLElement;
    const rows = within(list).getAllByRole('listitem').map((li) => li.textContent ?? '');
    expect(rows[0]).toBe(`1.${names[language].head} · 2026/04/01`);
    expect(rows[1]).toBe(`2.${names[language].director}`);
  });

  test('the post page\'s select offers positions in effect by name; a retired one only where the post holds it', async () => {
    lookupTables.positions = positionsIn(language);
    const offered = async (row: number) => {
      const view = renderWithHost(<ModuleForm module={users} initialData={user} context={{ currencies: [], steps: [] }} onSubmit={async () => ({ code: 'USR-1' })} />, { language });
      await view.settled();
      const list = document.querySelector('[id$="posts"]') as HTMLElement;
      await view.user.click(within(list).getAllByRole('listitem')[row].querySelector('button') as HTMLElement);
      await view.settled();
      const page = screen.getAllByRole('dialog').at(-1) as HTMLElement;
      const select = page.querySelector('select[id$="position_code"]') as HTMLSelectElement;
      const options = Array.from(select.options).filter((o) => o.value !== '').map((o) => `${o.value}=${o.textContent}`);
      view.unmount();
      return options;
    };
    expect(await offered(0)).toEqual([`head=${names[language].head}`]);
    expect(await offered(1)).toEqual([`head=${names[language].head}`, `director=${names[language].director}`]);
  });
});
