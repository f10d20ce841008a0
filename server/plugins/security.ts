import helmet from '@fastify/helmet';
import { globalPlugin } from '../lib/global-plugin';

/**
 * Security headers on every reply. The CSP allows only our own origin, plus inline styles
 * because Fluent UI (Griffel) injects <style> rules at run time; data:/blob: images cover
 * previews of uploads. No framing (frame-ancestors 'none'); no upgrade-insecure-requests,
 * since a plain-http install on a LAN must keep working.
 */
export default globalPlugin(async (app) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
    hsts: false,
  });
});
