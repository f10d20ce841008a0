/** localStorage key of the login token (docs/ARCHITECTURE.md "HTTP API"). */
export const TOKEN_STORAGE_KEY = 'ringi.token';

/** Reads the stored login token, or null when there is none or storage is unavailable. */
export function readToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Stores the login token. */
export function writeToken(token: string): void {
  localStorage.setItem(TOKEN_STORAGE_KEY, token);
}

/** Forgets the login token. */
export function clearToken(): void {
  try {
    localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // Nothing stored that could be removed.
  }
}
