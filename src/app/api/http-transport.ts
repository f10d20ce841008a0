/** One HTTP request as the client hands it to its transport. */
export interface TransportRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path under the API base, as the caller wrote it (`/profile`). */
  url: string;
  /** The full address with the query string (`/api/profile?x=1`). */
  fullUrl: string;
  /** Query parameters as the caller gave them (already in `fullUrl`). */
  params: Record<string, unknown> | undefined;
  /** The body: a plain value (sent as JSON), FormData, or undefined. */
  data: unknown;
  headers: Record<string, string>;
  timeoutMs: number;
  onUploadProgress?: (event: { loaded: number; total: number | undefined }) => void;
}

/** What came back: the status and the parsed body (JSON when it parses, else the text). */
export interface TransportReply {
  status: number;
  data: unknown;
}

/**
 * Sends one request. Rejects only when no reply came (network error, timeout); any HTTP status
 * resolves. The browser's `fetch`, or XMLHttpRequest when upload progress is asked for (fetch
 * cannot report it). Tests replace the whole transport (`ApiClientOptions.adapter`).
 */
export type ApiTransport = (request: TransportRequest) => Promise<TransportReply>;

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function requestBody(data: unknown, headers: Record<string, string>): BodyInit | undefined {
  if (data === undefined) return undefined;
  if (typeof FormData !== 'undefined' && data instanceof FormData) return data;
  if (typeof data === 'string') return data;
  if (!Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) headers['Content-Type'] = 'application/json';
  return JSON.stringify(data);
}

function xhrTransport(request: TransportRequest, body: BodyInit | undefined): Promise<TransportReply> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, request.fullUrl);
    xhr.timeout = request.timeoutMs;
    for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => request.onUploadProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : undefined });
    xhr.onload = () => resolve({ status: xhr.status, data: parseBody(xhr.responseText) });
    xhr.onerror = () => reject(new Error('Network Error'));
    xhr.ontimeout = () => reject(new Error(`timeout of ${request.timeoutMs}ms exceeded`));
    xhr.send(body as XMLHttpRequestBodyInit | undefined);
  });
}

/** The browser transport: fetch, or XMLHttpRequest for uploads that report progress. */
export const browserTransport: ApiTransport = async (request) => {
  const headers = { ...request.headers };
  const body = requestBody(request.data, headers);
  if (request.onUploadProgress) return xhrTransport({ ...request, headers }, body);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), request.timeoutMs);
  try {
    const response = await fetch(request.fullUrl, { method: request.method, headers, body, signal: controller.signal });
    return { status: response.status, data: parseBody(await response.text()) };
  } catch (error) {
    if (controller.signal.aborted) throw new Error(`timeout of ${request.timeoutMs}ms exceeded`);
    throw error;
  } finally {
    clearTimeout(timer);
  }
};
