import { createContext, useContext } from 'react';

/**
 * The attachments kept on the device (issue #33 item 3), as the app hands them to the cards of a
 * document it shows: whether it is offline now, the largest size it keeps, and the kept content of
 * a file. Without a provider (forms, previews, tests) files open only online, as before.
 */
export interface OfflineFiles {
  /** Offline now, or showing kept copies: files open from the device only. */
  offline: boolean;
  /** Files above this many bytes are not kept (the row says so, with the size). */
  maxBytes: number;
  /** The kept content of a file, if any. */
  read(id: number): Promise<Blob | undefined>;
}

/** Provided by the app's document detail page. */
export const OfflineFilesContext = createContext<OfflineFiles | null>(null);

/** The kept attachments of the document shown, or null where none are provided. */
export function useOfflineFiles(): OfflineFiles | null {
  return useContext(OfflineFilesContext);
}
