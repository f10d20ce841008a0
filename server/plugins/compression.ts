import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { globalPlugin } from '../lib/global-plugin';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

// Below this a compressed body saves less than it costs; only text the server writes itself
// (JSON answers, the API description). Files, exports and the built app (precompressed by the
// build, see static.ts) are streams or already compressed and are left alone.
const MIN_BYTES = 1024;
const COMPRESSIBLE = /^(application\/(?:[\w.+-]*\+)?json|text\/)/;

/**
 * Compresses the API's larger text answers as the client accepts: brotli at a fast level, else
 * gzip (Home's module definitions are ~180 KB of JSON, ~10× less compressed). Done off the event
 * loop (zlib's thread pool); `Vary: Accept-Encoding` keeps caches honest.
 */
export default globalPlugin(async (app) => {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('content-encoding') || !COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (body.length < MIN_BYTES) return payload;
    const accepted = String(request.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
    if (!encoding) return payload;
    const compressed = encoding === 'br'
      ? await brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
      : await gzipAsync(body, { level: 6 });
    reply.header('content-encoding', encoding);
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
    reply.removeHeader('content-length');
    return compressed;
  });
});
