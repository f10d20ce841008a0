import { useEffect, useRef } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, type ApiClient } from '../api';
import { readProfile, type Profile } from './profile';
import { PROFILE_KEY } from './profile-key';
import { retryDelay } from './retry-delay';

/** The profile and roles a session runs on. */
export interface SessionProfile {
  profile: Profile;
  roles: string[];
}

/**
 * No reply (offline, a request cut by leaving the page) or a server error says nothing about the
 * session: the token is kept and the profile asked for again. A 401 or a malformed profile is final.
 */
export function saysNothingAboutSession(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500);
}

/**
 * `GET /profile` as the session's query: tried again with backoff for as long as the failure says
 * nothing about the session (also when the browser thinks it is offline: `networkMode: 'always'`;
 * TanStack Query waits while the tab is hidden), and read again only when invalidated (a language
 * switch invalidates every query, and the server words the company's name in the language).
 */
export function profileOptions(api: ApiClient) {
  return queryOptions({
    queryKey: PROFILE_KEY,
    queryFn: async (): Promise<SessionProfile> => readProfile((await api.get<unknown>('/profile')).data),
    retry: (_failures: number, error: unknown) => saysNothingAboutSession(error),
    retryDelay,
    networkMode: 'always',
    staleTime: Infinity,
  });
}

export interface ProfileQueryProps {
  api: ApiClient;
  /** Each profile the query answers (the check's, and each refetch's). */
  onProfile(session: SessionProfile): void;
  /** The query failed for good: a 401 (the client has already signed out) or a malformed profile. */
  onRejected(error: unknown): void;
}

/**
 * The session's profile query (rendered by the session provider while a session is checked or
 * signed in, once the query cache is in). It renders nothing: it hands the query's answers to the
 * provider, whose status (checking → authenticated or anonymous) they decide.
 */
export default function ProfileQuery({ api, onProfile, onRejected }: ProfileQueryProps) {
  const { data, error } = useQuery(profileOptions(api));
  const report = useRef({ onProfile, onRejected });
  report.current = { onProfile, onRejected };
  useEffect(() => {
    if (data) report.current.onProfile(data);
  }, [data]);
  useEffect(() => {
    if (error) report.current.onRejected(error);
  }, [error]);
  return null;
}
