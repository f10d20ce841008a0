import { useLiveUpdates } from './use-live-updates';

/** The signed-in session's live-event stream (renders nothing; `use-live-updates.ts`). */
export function LiveUpdates() {
  useLiveUpdates(true);
  return null;
}
