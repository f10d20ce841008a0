import { resourceKey } from '../../renderer/resource-key';

/**
 * The cache key of the signed-in user's profile as the session reads it (`GET /profile`, read
 * into the profile and its roles). A module of its own: the session provider seeds it at login
 * without loading the query's code, which stays out of the first screen (./ProfileQuery.tsx).
 */
export const PROFILE_KEY = resourceKey('/profile', undefined, 'session');
