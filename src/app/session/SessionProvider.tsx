import { lazy, startTransition, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { QueryClientContext } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { browserTransport, clearToken, createApiClient, readToken, writeToken, type ApiError, type ApiTransport } from '../api';
import { withOfflineCopies } from '../api/offline-transport';
import { currentLanguage, LANGUAGES, setLanguage, type Language } from '../i18n';
import { useFeedback } from '../feedback';
import { readProfile, type Profile } from './profile';
import { PROFILE_KEY } from './profile-key';
import type { SessionProfile } from './ProfileQuery';
import { SessionContext, type Session, type SessionStatus } from './session-context';
import type { LoginBody, LoginReply } from '../../wire/auth';
import type { SsoExchangeBody } from '../../wire/sign-in';

interface SessionState {
  status: SessionStatus;
  profile: Profile | null;
  roles: string[];
}

const ANONYMOUS: SessionState = { status: 'anonymous', profile: null, roles: [] };

// The profile query's code comes with the query cache's, not with the first screen.
const loadProfileQuery = () => import('./ProfileQuery');
const ProfileQuery = lazy(loadProfileQuery);

export interface SessionProviderProps {
  children: ReactNode;
  /** Replaces the HTTP transport (component tests mock the network here). */
  adapter?: ApiTransport;
  /** Skip the stored-token check (the reset-password link works without a session). */
  skipTokenCheck?: boolean;
}

/**
 * Owns the login token, the profile and the API client. At start the stored token is checked
 * with GET /profile (status `checking`, the splash) — the session's profile query
 * (./ProfileQuery.tsx), once the query cache is in; valid → `authenticated`, a 401 or a malformed
 * profile → logged out, no reply or a server error → the token and the splash stay and the query
 * asks again (1 s, 2 s, 4 s … at most 15 s). Any 401 of a later call logs out the same way and
 * says the session is no longer valid. Signing in switches the app to the user's stored language
 * (the login reply's `language`).
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
  const handlers = useRef({ unauthorized: () => {}, error: (_message: string, _error: ApiError) => {} });
  handlers.current = {
    unauthorized: () => {
      queryClient?.clear();
      // Several calls may fail with 401 together: say it once.
      if (statusRef.current !== 'anonymous') feedback.toast(t('app.errors.sessionExpired'), 'error');
      statusRef.current = 'anonymous';
      setState(ANONYMOUS);
    },
    // Offline, a read without reply is no news: the offline bar says so once (not a toast per read).
    error: (message, error) => {
      if (error.status === 0 && !navigator.onLine) return;
      feedback.toast(message, 'error');
    },
  };

  const api = useMemo(
    () =>
      createApiClient({
        // Offline, a read the user's store has a copy of is answered from it (issue #33 item 3).
        adapter: withOfflineCopies(adapter ?? browserTransport),
        getLanguage: currentLanguage,
        onUnauthorized: () => handlers.current.unauthorized(),
        onError: (message, error) => handlers.current.error(message, error),
        fallbackMessage: (kind) => i18n.t(`app.errors.${kind}`),
      }),
    [adapter, i18n],
  );

  // The stored session is checked by the profile query: fetch its code now, with the cache's.
  useEffect(() => {
    if (statusRef.current === 'checking') void loadProfileQuery();
  }, []);
  const onProfile = useCallback(({ profile, roles }: SessionProfile) => {
    // An answer that arrives after a logout (or a 401 elsewhere) does not sign anyone in.
    // As a transition: the signed-in app's first render is done in slices (not one long task),
    // and the splash stays until that render is ready.
    if (statusRef.current !== 'anonymous') startTransition(() => setState({ status: 'authenticated', profile, roles }));
  }, []);
  const onRejected = useCallback((error: unknown) => {
    // Only the check decides on the session; a failed refetch of a signed-in profile keeps it
    // (a 401 was already handled by the client, which clears the token and signs out).
    if (statusRef.current !== 'checking') return;
    console.warn('[ringi] stored session rejected:', error);
    clearToken();
    statusRef.current = 'anonymous';
    setState(ANONYMOUS);
  }, []);

  // Names the server words in the request's language (company on Home, module titles, list-card
  // labels) must follow a language switch without a reload: every cached query is fetched again,
  // the profile's among them. (Paged lists start again from their first page.) i18next announces a
  // change to the language already shown too: that refetches nothing (the page's data, a file's
  // record about to be opened, stay as they are).
  useEffect(() => {
    let shown = i18n.language;
    const onLanguage = (language: string) => {
      if (language === shown) return;
      shown = language;
      if (statusRef.current === 'authenticated') void queryClient?.invalidateQueries();
    };
    i18n.on('languageChanged', onLanguage);
    return () => i18n.off('languageChanged', onLanguage);
  }, [i18n, queryClient]);

  /** Stores a sign-in's token, switches to the user's stored language and reads the profile. */
  const signedIn = useCallback(
    async (reply: Partial<LoginReply> | undefined) => {
      const token = reply?.token;
      if (typeof token !== 'string' || token === '') throw new Error('login reply has no token');
      writeToken(token);
      // The user's stored language wins over the one the sign-in screen showed (mails follow it
      // too): switch before the profile is read, so its names come in that language.
      const stored = reply?.language;
      if ((LANGUAGES as readonly string[]).includes(stored ?? '') && stored !== currentLanguage()) await setLanguage(stored as Language).catch(() => undefined);
      try {
        const { profile, roles } = readProfile((await api.get<unknown>('/profile', { ringiSilent: true })).data);
        queryClient?.clear();
        // The session's profile query starts from this answer rather than asking again.
        queryClient?.setQueryData<SessionProfile>(PROFILE_KEY, { profile, roles });
        setState({ status: 'authenticated', profile, roles });
      } catch (error) {
        clearToken();
        throw error;
      }
    },
    [api, queryClient],
  );

  const login = useCallback(
    async (email: string, password: string) => {
      const reply = await api.post<Partial<LoginReply>>('/login_check', { username: email, password } satisfies LoginBody, { ringiSilent: true });
      await signedIn(reply.data);
    },
    [api, signedIn],
  );

  const loginWithTicket = useCallback(
    async (ticket: string) => {
      const reply = await api.post<Partial<LoginReply>>('/sso/exchange', { ticket } satisfies SsoExchangeBody, { ringiSilent: true });
      await signedIn(reply.data);
    },
    [api, signedIn],
  );

  const userId = state.profile?.id;
  const logout = useCallback(() => {
    clearToken();
    queryClient?.clear();
    // Signing out forgets this device's copies and the user's queued decisions (after the warning
    // that counts them): a shared phone shows the next user nothing of the previous one (another
    // user signing in empties the copies too: OfflineStatus). A session that expires (a 401) forgets
    // nothing: its user's queued decisions wait for them to sign in again.
    void import('../offline/offline-copies').then((copies) => copies.forgetOfflineCopies(userId)).catch(() => undefined);
    setState(ANONYMOUS);
  }, [queryClient, userId]);

  const session = useMemo<Session>(() => ({ ...state, api, login, loginWithTicket, logout }), [state, api, login, loginWithTicket, logout]);
  const profileQueried = queryClient !== undefined && state.status !== 'anonymous';
  return (
    <SessionContext.Provider value={session}>
      {children}
      {profileQueried ? (
        <Suspense fallback={null}>
          <ProfileQuery api={api} onProfile={onProfile} onRejected={onRejected} />
        </Suspense>
      ) : null}
    </SessionContext.Provider>
  );
}
