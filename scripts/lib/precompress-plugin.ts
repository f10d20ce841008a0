import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|html|svg|json|ico|txt|map)$/;
// Below this a compressed copy saves less than its own response overhead. The first screen's
// small chunks (0.3–1 KB each, a dozen of them) still shrink by a third to a half compressed.
const MIN_BYTES = 256;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(entries.map((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : Promise.resolve([join(dir, e.name)]))));
  return nested.flat();
}

/**
 * Writes `.br` (quality 11) and `.gz` (level 9) next to every text asset of the build, so the
 * server sends them precompressed (`@fastify/static` `preCompressed`) without compressing per
 * request. Runs once after the bundle is written.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'ringi-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      for (const file of await filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_BYTES) continue;
        const body = await readFile(file);
        await writeFile(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }));
        await writeFile(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}
