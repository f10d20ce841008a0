import { queryOptions } from '@tanstack/react-query';
import type { RendererHost } from '../../../renderer/host';
import { resourceKey } from '../../../renderer/resource-key';
import type { MailActionView } from '../../../wire/mail-actions';

/** The path of a mail link's resource (`GET`/`POST /api/mail-actions/{token}`). */
export const mailActionPath = (token: string) => `/mail-actions/${token}`;

/** What the confirm page of a mail link shows; always read fresh (its `usable` changes with the document). */
export function mailActionOptions(api: RendererHost['api'], token: string) {
  return queryOptions({
    queryKey: resourceKey(mailActionPath(token)),
    queryFn: () => api.get<MailActionView>(mailActionPath(token)),
    staleTime: 0,
    retry: false,
  });
}
