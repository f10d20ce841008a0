/**
 * Issue 32 item 7: position codes were free text. Commit 1ae49e4 offered the signed-in user's
 * company's positions by name in the approver rule, but someone of no company (a group
 * administrator, who uses the studio) still typed the code. The studio now offers every
 * company's positions then, once per code, named in the studio's language.
 */
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { SessionContext, type Session } from '../../../src/app/session/session-context';
import { useCompanyPositionChoices, type PositionChoice } from '../../../src/app/pages/studio/position-names';
import type { Lang } from '../../../src/engine';
import { createTestHost } from '../test-host';

const position = (company: number, code: string, en: string, ja: string, state = 'active') =>
  ({ id: company * 10 + code.length, company_id: company, code, name: en, name_en: en, name_ja: ja, name_zh: null, state });
const positions: Record<string, unknown[]> = {
  '/companies/1/positions': [position(1, 'head', 'Department head', '部門長'), position(1, 'clerk', 'Clerk', '事務員', 'retired')],
  '/companies/2/positions': [position(2, 'head', 'Head of department', '部門長'), position(2, 'director', 'Director', '本部長'), position(2, 'clerk', 'Clerk', '事務員')],
};

function Choices({ onChoices }: { onChoices(choices: readonly PositionChoice[]): void }) {
  const choices = useCompanyPositionChoices();
  onChoices(choices);
  return <ul>{choices.map((c) => <li key={c.code}>{c.name}</li>)}</ul>;
}

function show(company: { id: number; name: string } | null, lang: Lang = 'en') {
  const testHost = createTestHost({ language: lang });
  const asked: string[] = [];
  testHost.host.api.get = async <T,>(path: string) => {
    asked.push(path);
    if (path === '/companies') return { 'hydra:member': [{ id: 1, name: 'Ringi Holdings' }, { id: 2, name: 'Ringi Trading' }], 'hydra:totalItems': 2 } as T;
    return { 'hydra:member': positions[path] ?? [], 'hydra:totalItems': (positions[path] ?? []).length } as T;
  };
  void testHost.i18n.changeLanguage(lang);
  const session = { api: {}, profile: { company }, roles: [], status: 'authenticated' } as unknown as Session;
  const seen: { choices: readonly PositionChoice[] } = { choices: [] };
  render(<SessionContext.Provider value={session}><Choices onChoices={(c) => { seen.choices = c; }} /></SessionContext.Provider>, { wrapper: testHost.Wrapper });
  return { seen, asked };
}

describe('the positions the studio offers', () => {
  it('someone of no company is offered every company\'s positions, once per code', async () => {
    const { seen, asked } = show(null);
    await waitFor(() => expect(seen.choices.map((c) => c.code)).toEqual(['head', 'clerk', 'director']));
    expect(seen.choices.find((c) => c.code === 'clerk')?.retired).toBe(false);
    expect(asked).toEqual(expect.arrayContaining(['/companies', '/companies/1/positions', '/companies/2/positions']));
  });

  it('names them in the studio\'s language', async () => {
    show(null, 'ja');
    expect(await screen.findByText('本部長')).toBeTruthy();
  });

  it('someone of a company is offered that company\'s positions', async () => {
    const { seen, asked } = show({ id: 2, name: 'Ringi Trading' });
    await waitFor(() => expect(seen.choices.map((c) => c.code)).toEqual(['head', 'director', 'clerk']));
    expect(asked).not.toContain('/companies');
    expect(asked).not.toContain('/companies/1/positions');
  });
});
