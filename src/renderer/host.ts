import { createContext, useContext, type ReactNode } from 'react';

/**
 * What the renderer needs from whoever hosts it (the app, or a test). The renderer never
 * imports the app: pages, dialogs, toasts and HTTP all come through this interface.
 */
/**
 * A page's title: text shown as it is, or a translation key and its parameters (`fallback`: the
 * text shown while the key has no translation in the host's i18n, e.g. a draft module's key).
 */
/**
 * A page title: literal text, or a translation key with its parameters. `texts` are parameters
 * given in every language (a step's name from the definition), the shown language's one used.
 */
export type PageTitleText = string | { key: string; params?: Record<string, unknown>; texts?: Record<string, Partial<Record<'en' | 'ja' | 'zh', string>>>; fallback?: string };

/**
 * The `ui:options` entry in which the form gives a widget its label's translation key (when the
 * label has one), so a page titled with the label follows a language change while open. Not
 * `labelKey`: that is a picker's own option (which property of an item names it).
 */
export const FIELD_LABEL_KEY = 'fieldLabelKey';

/** A page title from a widget's label: its key when the form gave one, else the label, else the key `fallbackKey`. */
export function labelTitle(props: { label?: string; options?: unknown }, fallbackKey: string): PageTitleText {
  const key = (props.options as Record<string, unknown> | undefined)?.[FIELD_LABEL_KEY];
  if (typeof key === 'string') return { key, fallback: props.label || undefined };
  return props.label || { key: fallbackKey };
}

export interface RendererHost {
  /**
   * Push a page on the app's page stack; resolves with close(result), or undefined on back. A
   * `{ key, params }` title is translated by the stack, so it follows a language change while
   * open; a string is shown as it is (a name from the data).
   */
  openPage<T>(title: PageTitleText, render: (close: (result?: T) => void) => ReactNode): Promise<T | undefined>;
  /** `danger`: the confirmation of a destructive action (delete); its OK button is red. */
  confirm(message: string, title?: string, options?: { danger?: boolean }): Promise<boolean>;
  alert(title: string, message: string): Promise<void>;
  toast(message: string, intent: 'success' | 'error' | 'info', durationMs?: number): void;
  api: {
    get<T>(path: string, params?: Record<string, unknown>): Promise<T>;
    post<T>(path: string, body?: unknown, headers?: Record<string, string>): Promise<T>;
    delete<T>(path: string): Promise<T>;
    upload<T>(path: string, form: FormData, onProgress?: (fraction: number) => void): Promise<T>;
  };
  user: {
    id: number;
    name: string;
    is_finance: boolean;
    is_treasury: boolean;
    is_authorizer: boolean;
    is_legal: boolean;
    /** The provider group member flag (spec 000 §6 `is_{product}_group_member`); absent = not a member. */
    is_ringi_group_member?: boolean;
    company?: { id: number; name: string } | null;
  } | null;
  language: 'en' | 'ja' | 'zh';
  /**
   * 代理申請 (issue #36): the principal the form files for (their user id), when the user chose
   * someone under "File for"; the route preview asks for the principal's route. On the edit page, the
   * document's requester (the filing edited is theirs). Absent: the user's own.
   */
  filedFor?: number | null;
  /**
   * 兼務 (issue #36 item 6): the department of the user's post the form files as, when the user
   * holds more than one and the form offers the choice; the route preview resolves from it. Absent: not chosen.
   */
  filedAs?: number | null;
}

/** Provided by the app (or a test host) around every renderer component. */
export const RendererHostContext = createContext<RendererHost | null>(null);

/** The current host; throws a clear error when a renderer component is used outside one. */
export function useRendererHost(): RendererHost {
  const host = useContext(RendererHostContext);
  if (!host) throw new Error('Ringi renderer: no RendererHostContext provider above this component');
  return host;
}
