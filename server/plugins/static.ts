import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { AppError } from '../lib/errors';
import { globalPlugin } from '../lib/global-plugin';
import { LANGS } from '../../src/engine';

// The app keeps `ringi.first=<login|splash>.<en|ja|zh>` (a hint, no secret): which first screen the
// build wrote for this browser (scripts/lib/first-screen-plugin.ts); a splash on Home's address `/` is
// Home's splash (its bar and banner). Anything else gets index.html.
const FIRST_SCREEN_COOKIE = /(?:^|;\s*)ringi\.first=(login|splash)\.(en|ja|zh)(?:;|$)/;

/** The first of the browser's languages (`Accept-Language`) that Ringi ships, or null. */
function browserLanguage(header: string | undefined): string | null {
  for (const part of (header ?? '').split(',')) {
    const code = part.trim().slice(0, 2).toLowerCase();
    if ((LANGS as readonly string[]).includes(code)) return code;
  }
  return null;
}

/**
 * The built page to send for an app address: the first screen the browser's hint names, if built;
 * on a first visit (no hint) the login page in the browser's language (spec: ja otherwise).
 * The e-mailed reset link is not the login page: it gets the splash (in the hinted language, else ja).
 */
function firstScreenPage(root: string, cookie: string | undefined, path: string, acceptLanguage: string | undefined): string {
  const hint = cookie ? FIRST_SCREEN_COOKIE.exec(cookie) : null;
  const resetLink = path === '/reset-password';
  if (!hint && !resetLink) {
    const language = browserLanguage(acceptLanguage);
    const file = language ? `index.login.${language}.html` : null;
    return file && existsSync(join(root, file)) ? file : 'index.html';
  }
  const language = hint?.[2] ?? 'ja';
  // A stored login opening Home's address: the splash with Home's bar and banner in place.
  if (!resetLink && hint![1] === 'splash' && path === '/' && existsSync(join(root, `index.home.${language}.html`))) return `index.home.${language}.html`;
  const file = `index.${resetLink ? 'splash' : hint![1]}.${language}.html`;
  return existsSync(join(root, file)) ? file : 'index.html';
}

/**
 * Serves the built web app from `config.staticDir` and falls back to its page for any other
 * non-API GET (`/` and the app's own routes: /statistic, /admin, …): index.html, or the variant
 * whose first screen (login page or session-check splash, in the browser's language) the
 * `ringi.first` cookie names, so the first paint needs no JavaScript. Unknown /api paths get the
 * JSON 404. Without a build, pages answer 503 with how to build instead of a blank 404.
 */
export default globalPlugin(async (app) => {
  const root = app.config.staticDir;
  const built = existsSync(join(root, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      // `/` is answered below like every app address (the first screen may differ per browser).
      index: false,
      // The build writes .br and .gz next to each asset: sent as Accept-Encoding allows.
      preCompressed: true,
      setHeaders(res, path) {
        // Vite's hashed assets never change; index.html must be revalidated to pick up a new build.
        res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.get('/', (request, reply) => sendAppPage(request, reply));
  }
  const sendAppPage = (request: FastifyRequest, reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').header('vary', 'Cookie, Accept-Language')
      .sendFile(firstScreenPage(root, request.headers.cookie, request.url.split('?')[0], request.headers['accept-language']));
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0];
    const isApi = path === '/api' || path.startsWith('/api/');
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      throw new AppError('NOT_FOUND', request.t('server.errors.routeNotFound', { method: request.method, url: path }));
    }
    // A missing file (an old hashed chunk, a mistyped icon) is a 404, not the app's HTML under its name.
    if (/\.[a-z0-9]{1,8}$/i.test(path)) return reply.status(404).type('text/plain; charset=utf-8').send(request.t('server.errors.routeNotFound', { method: request.method, url: path }));
    if (!built) return reply.status(503).type('text/plain; charset=utf-8').send(request.t('server.errors.appNotBuilt'));
    return sendAppPage(request, reply);
  });
});
