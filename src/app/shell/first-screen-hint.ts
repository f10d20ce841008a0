import type { Language } from '../i18n';

/** Cookie that tells the server which first screen to send (server/plugins/static.ts). */
export const FIRST_SCREEN_COOKIE = 'ringi.first';

/**
 * Remembers which screen this browser opens on — the login page or the session-check splash —
 * and in which language, so the server sends the page whose static first screen matches it
 * (painted before any JavaScript runs). A hint only: it grants nothing, and a wrong one just
 * shows the other screen a moment before the app's own.
 */
export function rememberFirstScreen(kind: 'login' | 'splash', language: Language): void {
  try {
    document.cookie = `${FIRST_SCREEN_COOKIE}=${kind}.${language}; Path=/; Max-Age=31536000; SameSite=Lax`;
  } catch {
    // Cookies refused: the default first screen (Japanese login) is sent.
  }
}
