import { createContext, useContext, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useRendererHost } from '../../../renderer/host';
import { useSession } from '../../session';
import { positionsOptions } from '../admin/organisation-queries';

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

/**
 * The positions of the signed-in user's company, named in the studio's language: what the module
 * editor provides to its steps. Routes name codes that every company of the group defines.
 */
export function useCompanyPositionChoices(): readonly PositionChoice[] {
  const host = useRendererHost();
  const { profile } = useSession();
  const { i18n } = useTranslation();
  const companyId = profile?.company?.id ?? null;
  const positions = useQuery({ ...positionsOptions(host.api, companyId ?? 0), enabled: companyId !== null });
  const language = i18n.language;
  return useMemo(() => (positions.data ?? []).map((p) => ({
    code: p.code,
    name: (language === 'ja' ? p.name_ja : language === 'zh' ? p.name_zh : null) || p.name_en || p.name,
    retired: p.state === 'retired',
  })), [positions.data, language]);
}
