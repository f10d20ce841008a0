import { createContext, useContext, useMemo } from 'react';
import { useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useRendererHost } from '../../../renderer/host';
import { useSession } from '../../session';
import { companiesOptions } from '../../api/queries';
import { positionsOptions } from '../admin/organisation-queries';
import type { Position } from '../../../wire/organisation';

/** A position a route rule can name: its code (what the route saves) and its name in the studio's language. */
export interface PositionChoice {
  code: string;
  name: string;
  retired: boolean;
}

/**
 * The positions the studio offers for an approver rule (issue 31 item 10: the rule and its summary
 * showed the code, "head", in every language). Empty (no provider, or none loaded): the code is
 * typed and shown as it is.
 */
export const PositionChoicesContext = createContext<readonly PositionChoice[]>([]);

/** The positions the studio offers (see `PositionChoicesContext`). */
export function usePositionChoices(): readonly PositionChoice[] {
  return useContext(PositionChoicesContext);
}

/** The name of position `code` among `choices` (the code itself when none is known). */
export function positionName(choices: readonly PositionChoice[], code: string): string {
  return choices.find((p) => p.code === code)?.name ?? code;
}

/** Loaded positions of every company asked, in order (a module-level function: `useQueries` keeps its result while nothing arrives). */
function loadedPositions(results: Array<UseQueryResult<Position[]>>): Position[][] {
  return results.flatMap((result) => (result.data ? [result.data] : []));
}

/**
 * The positions the module editor provides to its steps, named in the studio's language: those
 * of the signed-in user's company, or — for someone of no company (a group administrator) —
 * those of every company of the group, once per code (routes name codes that every company
 * defines; a code retired in one company but used in another is offered). Never empty while the
 * group has positions: a position is chosen, not typed.
 */
export function useCompanyPositionChoices(): readonly PositionChoice[] {
  const host = useRendererHost();
  const { profile } = useSession();
  const { i18n } = useTranslation();
  const own = profile?.company?.id ?? null;
  const companies = useQuery(companiesOptions(host.api, own === null));
  const ids = own !== null ? [own] : (companies.data ?? []).map((company) => company.id);
  const lists = useQueries({ queries: ids.map((id) => positionsOptions(host.api, id)), combine: loadedPositions });
  const language = i18n.language;
  return useMemo(() => {
    const byCode = new Map<string, PositionChoice>();
    for (const p of lists.flat()) {
      const choice = { code: p.code, name: (language === 'ja' ? p.name_ja : language === 'zh' ? p.name_zh : null) || p.name_en || p.name, retired: p.state === 'retired' };
      const known = byCode.get(p.code);
      if (!known) byCode.set(p.code, choice);
      else if (known.retired && !choice.retired) byCode.set(p.code, { ...known, retired: false });
    }
    return [...byCode.values()];
  }, [lists, language]);
}
