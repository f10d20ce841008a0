import { useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { QueryClientContext } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError, clearToken, createApiClient, readToken, writeToken, type ApiTransport } from '../api';
import { currentLanguage } from '../i18n';
import { useFeedback } from '../feedback';
import { readProfile, type Profile } from './profile';
import { SessionContext, type Session, type SessionStatus } from './session-context';

interface SessionState {
  status: SessionStatus;
  profile: Profile | null;
  roles: string[];
}

const ANONYMOUS: SessionState = { status: 'anonymous', profile: null, roles: [] };

export interface SessionProviderProps {
  children: ReactNode;
  /** Replaces the HTTP transport (component tests mock the network here). */
  adapter?: ApiTransport;
  /** Skip the stored-token check (the reset-password link works without a session). */
  skipTokenCheck?: boolean;
}

/**
 * Owns the login token, the profile and the API client. At start the stored token is checked
 * with GET /profile (status `checking`, the splash); valid → `authenticated`, else logged out.
 * Any 401 of a later call logs out the same way and says the session is no longer valid.
 */
export function SessionProvider({ children, adapter, skipTokenCheck = false }: SessionProviderProps) {
  const { t, i18n } = useTranslation();
  const feedback = useFeedback();
  // Undefined until the query cache's code is in (nothing is cached before then).
  const queryClient = useContext(QueryClientContext);
  const [state, setState] = useState<SessionState>(() =>
    !skipTokenCheck && readToken() ? { status: 'checking', profile: null, roles: [] } : ANONYMOUS,
  );

  // The client is created once; these refs let its callbacks reach the latest React state.
  const statusRef = useRef(state.status);
  statusRef.current = state.status;
  const handlers = useRef({ unauthorized: () => {}, error: (_message: string) => {} });
  handlers.current = {
    unauthorized: () => {
      queryClient?.clear();
      // Several calls may fail with 401 together: say it once.
      if (statusRef.current !== 'anonymous') feedback.toast(t('app.errors.sessionExpired'), 'error');
      statusRef.current = 'anonymous';
      setState(ANONYMOUS);
    },
    error: (message) => feedback.toast(message, 'error'),
  };

  const api = useMemo(
    () =>
      createApiClient({
        adapter,
        getLanguage: currentLanguage,
        onUnauthorized: () => handlers.current.unauthorized(),
        onError: (message) => handlers.current.error(message),
        fallbackMessage: (kind) => i18n.t(`app.errors.${kind}`),
      }),
    [adapter, i18n],
  );

  const loadProfile = useCallback(async () => {
    const reply = await api.get<unknown>('/profile');
    return readProfile(reply.data);
  }, [api]);

  // Checks of the stored session so far that found no server (or a failing one): the next waits longer.
  const [failedChecks, setFailedChecks] = useState(0);
  useEffect(() => {
    if (state.status !== 'checking') return;
    let live = true;
    let retry: number | undefined;
    loadProfile().then(
      ({ profile, roles }) => {
        if (live) setState({ status: 'authenticated', profile, roles });
      },
      (error: unknown) => {
        if (!live) return;
        // No reply (offline, a request cut by leaving the page) or a server error says nothing about
        // the session: keep the token and the splash, and ask again (1 s, 2 s, 4 s … at most 15 s).
        if (error instanceof ApiError && (error.status === 0 || error.status >= 500)) {
          retry = window.setTimeout(() => setFailedChecks((n) => n + 1), Math.min(15_000, 1000 * 2 ** failedChecks));
          return;
        }
        // A 401 was already handled by the client; a malformed profile also means "no usable session".
        console.warn('[ringi] stored session rejected:', error);
        clearToken();
        setState(ANONYMOUS);
      },
    );
    return () => {
      live = false;
      window.clearTimeout(retry);
    };
    // Runs once per entry into `checking`, and again after a check that found no server.
  }, [state.status, loadProfile, failedChecks]);

  // Names the server words in the request's language (company on Home, module titles, list-card
  // labels) must follow a language switch without a reload: every cached query is refetched and
  // the profile is read again. (Paged lists restart by themselves on the language.)
  useEffect(() => {
    const onLanguage = () => {
      if (statusRef.current !== 'authenticated') return;
      void queryClient?.invalidateQueries();
      loadProfile().then(
        ({ profile, roles }) => {
          if (statusRef.current === 'authenticated') setState({ status: 'authenticated', profile, roles });
        },
        () => undefined,
      );
    };
    i18n.on('languageChanged', onLanguage);
    return () => i18n.off('languageChanged', onLanguage);
  }, [i18n, queryClient, loadProfile]);

  const login = useCallback(
    async (email: string, password: string) => {
      const reply = await api.post<{ token?: unknown }>('/login_check', { username: email, password }, { ringiSilent: true });
      const token = reply.data?.token;
      if (typeof token !== 'string' || token === '') throw new Error('login reply has no token');
      writeToken(token);
      try {
        const { profile, roles } = readProfile((await api.get<unknown>('/profile', { ringiSilent: true })).data);
        queryClient?.clear();
        setState({ status: 'authenticated', profile, roles });
      } catch (error) {
        clearToken();
        throw error;
      }
    },
    [api, queryClient],
  );

  const logout = useCallback(() => {
    clearToken();
    queryClient?.clear();
    setState(ANONYMOUS);
  }, [queryClient]);

  const session = useMemo<Session>(() => ({ ...state, api, login, logout }), [state, api, login, logout]);
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
