import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { checkWebhookUrl, pinnedLookup, RefusedUrl, resolveHost, type CheckedTarget, type Resolve } from '../../webhooks/public-address';

/** The most an IdP's answer may hold (discovery, JWKS, token, SAML metadata are kilobytes; a large federation's metadata a few megabytes). */
export const IDP_ANSWER_BYTES = 8_000_000;

/** The options of a call: what `fetch` and openid-client's `customFetch` pass. */
interface CallInit { method?: string; headers?: HeadersInit; body?: string | URLSearchParams | ArrayBuffer | Uint8Array | ReadableStream | null; signal?: AbortSignal | null }

/** Answers with status 1xx, 204, 205 and 304 carry no body (the Response constructor refuses one). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * A `fetch` for calls to an IdP (OIDC discovery, JWKS, token endpoint; SAML metadata): every URL
 * is checked first like a webhook's (https on public addresses after DNS resolution, unless
 * SSO_ALLOW_PRIVATE), and the connection goes to the address that was checked — a DNS answer
 * that changes between the check and the call (DNS rebinding) cannot send it elsewhere. The host
 * name stays the Host header and the TLS name; redirects are not followed; a call is cut after
 * `timeoutMs`, an answer longer than `IDP_ANSWER_BYTES` is refused.
 */
export function checkedFetch(allowPrivate: boolean, timeoutMs = 10_000, resolve: Resolve = resolveHost) {
  return async (input: string | URL | Request, init?: CallInit): Promise<Response> => {
    const url = input instanceof Request ? input.url : String(input);
    let target: CheckedTarget;
    try {
      target = await checkWebhookUrl(url, allowPrivate, resolve);
    } catch (error) {
      if (error instanceof RefusedUrl) throw new Error(`IdP URL refused: ${error.message}`);
      throw error;
    }
    const body = init?.body;
    // A form as fetch would send it; bytes and streams read whole (an IdP call's body is a short form).
    const bytes = body == null || typeof body === 'string' || body instanceof URLSearchParams ? body
      : body instanceof ReadableStream ? Buffer.from(await new Response(body as ReadableStream<Uint8Array>).arrayBuffer())
        : Buffer.from(body instanceof ArrayBuffer ? new Uint8Array(body) : body);
    return call(target, { ...init, body: bytes }, timeoutMs);
  };
}

/** One call on a connection of its own to the checked address. */
function call(target: CheckedTarget, init: Omit<CallInit, 'body'> & { body?: string | URLSearchParams | Buffer | null }, timeoutMs: number): Promise<Response> {
  const headers = Object.fromEntries(new Headers(init.headers ?? {}).entries());
  const body = init.body instanceof URLSearchParams ? init.body.toString() : init.body ?? undefined;
  if (init.body instanceof URLSearchParams && !headers['content-type']) headers['content-type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
  const send = target.url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(target.url, { method: init.method ?? 'GET', headers, lookup: pinnedLookup(target), agent: false, signal: init.signal ?? undefined }, (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > IDP_ANSWER_BYTES) {
          req.destroy(new Error(`the answer is longer than ${IDP_ANSWER_BYTES} bytes`));
          return;
        }
        chunks.push(chunk);
      });
      res.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      res.on('end', () => {
        clearTimeout(timer);
        const status = res.statusCode ?? 502;
        const answerHeaders = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          for (const v of ([] as Array<string | undefined>).concat(value)) if (v !== undefined) answerHeaders.append(name, v);
        }
        resolve(new Response(NULL_BODY.has(status) ? null : Buffer.concat(chunks), { status, statusText: res.statusMessage ?? '', headers: answerHeaders }));
      });
    });
    // The whole call is bounded (a socket idle timeout would let a trickling answer run on).
    const timer = setTimeout(() => req.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    req.end(body);
  });
}
