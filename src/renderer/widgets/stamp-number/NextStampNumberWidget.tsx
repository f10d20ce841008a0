import { useQuery } from '@tanstack/react-query';
import { Input, Text, tokens } from '@fluentui/react-components';
import type { WidgetProps } from '@rjsf/utils';
import { useRendererT } from '../../i18n';
import type { RendererHost } from '../../host';
import { resourceKey } from '../../resource-key';
import type { DisplayProps } from '../../registry-types';
import { EMPTY_DISPLAY } from '../../theme/displays';
import { formContextOf } from '../form-context-of';
import type { NextStampNumber, NextStampNumberQuery } from '../../../wire/stamp-statistics';

/** `GET /api/stamp_statistics/next_code` (server/routes/stamp-statistics; its answer the wire's NextStampNumber): a preview, not reserved. */
export const NEXT_STAMP_PATH = '/stamp_statistics/next_code';

/**
 * The next stamp number of `moduleCode`, asked again on every mount (every filing moves it: the
 * answer is stale at once and not kept after the field unmounts). No preview on failure (no stamp
 * numbers for this module, offline): the field then says it is not numbered yet.
 */
function useNextStampNumber(host: RendererHost, moduleCode: string | undefined, skip: boolean): string | undefined {
  // Asked only once the module is known (`enabled`).
  const params = { module_code: moduleCode } satisfies Partial<NextStampNumberQuery>;
  const { data } = useQuery({
    queryKey: resourceKey(NEXT_STAMP_PATH, params, 'stamp_no'),
    queryFn: () => host.api.get<NextStampNumber>(NEXT_STAMP_PATH, params).then((answer) => answer?.stamp_no ?? null),
    enabled: !skip && Boolean(moduleCode),
    staleTime: 0,
    gcTime: 0,
  });
  return skip ? undefined : (data ?? undefined);
}

/**
 * The stamp number, read-only (spec 001: "read-only next stamp number" on the contract and seal
 * forms): the document's own number when it has one, else a preview of the number the next
 * filing of this module gets. The server numbers it when filing (`ui:module.needsStampNo`), so
 * the value is never sent as typed. The help line (the field's `ui:help`, or the engine's) says so.
 */
export function NextStampNumberWidget(props: WidgetProps) {
  const { id, value, uiSchema, registry } = props;
  const t = useRendererT();
  const { host, module } = formContextOf(registry, 'NextStampNumber');
  const stored = typeof value === 'string' && value !== '' ? value : undefined;
  const preview = useNextStampNumber(host, module?.code, stored !== undefined);
  const shown = stored ?? preview ?? '';
  const hasOwnHelp = typeof uiSchema?.['ui:help'] === 'string';
  return (
    <>
      <Input
        id={id}
        name={id}
        value={shown}
        readOnly
        placeholder={t('engine.renderer.stampNoUnavailable')}
        aria-describedby={hasOwnHelp ? `${id}__help` : `${id}__stamp-help`}
        data-stamp-preview={stored ? undefined : ''}
        title={stored ? undefined : t('engine.renderer.stampNoPreview')}
      />
      {hasOwnHelp ? null : (
        <Text id={`${id}__stamp-help`} size={200} style={{ color: tokens.colorNeutralForeground3 }}>
          {t('engine.renderer.stampNoHelp')}
        </Text>
      )}
    </>
  );
}

/** The stored stamp number in cards ("—" before the document is filed). */
export function NextStampNumberDisplay({ value }: DisplayProps) {
  return <>{typeof value === 'string' && value !== '' ? value : EMPTY_DISPLAY}</>;
}
