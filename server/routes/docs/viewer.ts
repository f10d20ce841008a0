import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The swagger-ui-dist files the reference page loads, with their content types. */
const DIST_FILES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

const distDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/**
 * The start script, a file of its own: the CSP allows scripts from this origin only (no inline
 * script). No validator badge: it would call a third-party host the CSP refuses anyway.
 */
export const VIEWER_INIT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({ url: '/api/docs/openapi.json', dom_id: '#swagger-ui', deepLinking: true, validatorUrl: null, tryItOutEnabled: false });
});
`;

/** The reference page: swagger-ui's CSS and bundle, then the start script, all from /api/docs/viewer/. */
export const VIEWER_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Ringi API reference</title>
<link rel="icon" href="/favicon.ico">
<link rel="stylesheet" href="/api/docs/viewer/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/viewer/swagger-ui-bundle.js"></script>
<script src="/api/docs/viewer/init.js"></script>
</body>
</html>
`;

/** A viewer file by name: its type and a stream (or the start script's text); null when unknown. */
export function viewerFile(name: string): { type: string; body: string | NodeJS.ReadableStream } | null {
  if (name === 'init.js') return { type: 'text/javascript; charset=utf-8', body: VIEWER_INIT };
  const type = DIST_FILES[name];
  return type ? { type, body: createReadStream(join(distDir, name)) } : null;
}
