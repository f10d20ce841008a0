import { cp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, normalize } from 'node:path';
import type { Plugin } from 'vite';

/** The folders of pdfjs-dist the PDF viewer reads at run time (CJK CMaps, standard fonts, decoders). */
const DATA = ['cmaps', 'standard_fonts', 'wasm', 'iccs'];
/** The list of the CMaps' file names (JSON), beside the folders: what the app keeps offline with the viewer. */
const CMAP_LIST = 'cmaps.json';

/**
 * Serves pdfjs-dist's data files at `/assets/pdfjs-<version>/` (what
 * src/renderer/widgets/file-uploader/pdf/load-pdf.ts asks for): copied into the build, and read
 * from node_modules by the dev server. The version in the path keeps the assets' year-long cache
 * right across upgrades. `cmaps.json` lists the CMaps' file names: a PDF kept for reading offline
 * makes the app keep them all (src/renderer/widgets/file-uploader/pdf/load-pdf.ts `preparePdfViewer`),
 * since which ones a PDF needs is known only while pdf.js reads its fonts.
 */
export function pdfjsData(): Plugin {
  const require = createRequire(import.meta.url);
  const root = dirname(require.resolve('pdfjs-dist/package.json'));
  let outDir = 'dist';
  let prefix = '';
  const cmapNames = async () => JSON.stringify((await readdir(join(root, 'cmaps'))).filter((name) => name.endsWith('.bcmap')).sort());
  const version = async () => (JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as { version: string }).version;
  return {
    name: 'ringi-pdfjs-data',
    async configResolved(config) {
      outDir = config.build.outDir;
      prefix = `/assets/pdfjs-${await version()}/`;
    },
    configureServer(server) {
      server.middlewares.use(async (request, response, next) => {
        const path = (request.url ?? '').split('?')[0];
        if (!path.startsWith(prefix)) return next();
        if (path === prefix + CMAP_LIST) {
          response.setHeader('content-type', 'application/json');
          response.end(await cmapNames());
          return;
        }
        const file = normalize(join(root, path.slice(prefix.length)));
        if (!DATA.some((folder) => file.startsWith(join(root, folder) + '/')) || !(await stat(file).catch(() => null))?.isFile()) return next();
        response.end(await readFile(file));
      });
    },
    async writeBundle() {
      for (const folder of DATA) await cp(join(root, folder), join(outDir, prefix, folder), { recursive: true });
      await writeFile(join(outDir, prefix, CMAP_LIST), await cmapNames());
    },
  };
}
