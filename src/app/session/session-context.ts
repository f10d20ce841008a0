import { createContext, useContext } from 'react';
import type { ApiClient } from '../api';
import type { Profile } from './profile';

/** Where the session stands: `checking` while the stored token is verified (splash). */
export type SessionStatus = 'checking' | 'anonymous' | 'authenticated';

/** The login state and the calls that change it. */
export interface Session {
  status: SessionStatus;
  profile: Profile | null;
  /** Role names from the profile's `roles['hydra:member']`. */
  roles: string[];
  /** The app's API client (bearer token, locale header, 401 → logout, error toasts). */
  api: ApiClient;
  /**
   * POST /login_check then GET /profile. Rejects with the ApiError of a failed login
   * (no toast: the login screen shows its own dialog) or the error of a bad profile.
   */
  login(email: string, password: string): Promise<void>;
  /** After single sign-on: POST /sso/exchange with the callback's one-time ticket, then as `login`. */
  loginWithTicket(ticket: string): Promise<void>;
  /** Clears the token and the cached data; the shell returns to the login screen. */
  logout(): void;
}

/** Provided by SessionProvider. */
export const SessionContext = createContext<Session | null>(null);

/** The current session. */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside SessionProvider');
  return session;
}
