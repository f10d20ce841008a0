import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { firstScreen } from './scripts/lib/first-screen-plugin';
import { pdfjsData } from './scripts/lib/pdfjs-data-plugin';
import { precompress } from './scripts/lib/precompress-plugin';

/**
 * The form library (@rjsf/core) imports markdown-to-jsx statically for markdown descriptions,
 * which no definition uses: its imports get the lazy wrapper instead, so the parser is a chunk
 * of its own, loaded only when a markdown text is shown.
 */
function lazyMarkdown(): Plugin {
  const wrapper = fileURLToPath(new URL('src/renderer/theme/lazy-markdown.tsx', import.meta.url));
  return {
    name: 'ringi-lazy-markdown',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === 'markdown-to-jsx/react' && importer?.includes('/@rjsf/') ? wrapper : null;
    },
  };
}

// The web app is served by the Ringi server from dist/ on the same origin as /api.
// In `vite dev`, /api is proxied to a running server (PORT, default 8080).
export default defineConfig({
  // public/ holds the favicon; the first screen is written into index.html (and one file per
  // language and screen); the PDF viewer's data files are copied in; assets are also written
  // brotli- and gzip-compressed for the server.
  plugins: [lazyMarkdown(), react(), firstScreen(), pdfjsData(), precompress()],
  // Every browser the app supports has modulepreload: no polyfill in the first screen's script.
  // The manifest tells the initial-JS budget which chunks the entry starts (scripts/lib/initial-js.ts).
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 900, modulePreload: { polyfill: false }, manifest: true },
  server: {
    proxy: { '/api': `http://127.0.0.1:${process.env.PORT ?? 8080}` },
  },
});
