import { ApiError, type ApiErrorBody } from './api-error';
import { browserTransport, type ApiTransport, type TransportRequest } from './http-transport';
import { recordApiError } from './last-error';
import { queryString } from '../lib/query-string';
import { clearToken, readToken } from './token-store';

/** What a call may add: query, headers, upload progress, and whether it reports failures itself. */
export interface ApiRequestConfig {
  params?: Record<string, unknown>;
  headers?: Record<string, string>;
  /** Upload progress (sent with XMLHttpRequest, since fetch cannot report it). */
  onUploadProgress?: (event: { loaded: number; total: number | undefined }) => void;
  /**
   * The caller reports failures itself (e.g. the login dialog): no global error toast,
   * and a 401 is not treated as an expired session.
   */
  ringiSilent?: boolean;
}

/** A successful reply: its status (200–204) and parsed body. */
export interface ApiResponse<T> {
  status: number;
  data: T;
}

/**
 * Ringi's HTTP client (the calls the app makes; the shape axios had, so callers read `.data`).
 * Rejects with an {@link ApiError}.
 */
export interface ApiClient {
  readonly defaults: { readonly baseURL: string; readonly timeout: number };
  get<T = unknown>(url: string, config?: ApiRequestConfig): Promise<ApiResponse<T>>;
  delete<T = unknown>(url: string, config?: ApiRequestConfig): Promise<ApiResponse<T>>;
  post<T = unknown>(url: string, data?: unknown, config?: ApiRequestConfig): Promise<ApiResponse<T>>;
  put<T = unknown>(url: string, data?: unknown, config?: ApiRequestConfig): Promise<ApiResponse<T>>;
  patch<T = unknown>(url: string, data?: unknown, config?: ApiRequestConfig): Promise<ApiResponse<T>>;
}

/** What the client needs from the app around it. */
export interface ApiClientOptions {
  /** The language sent as `Accept-Language` on every call. */
  getLanguage: () => string;
  /** Called after a 401 (token already cleared): log out and reset navigation to login. */
  onUnauthorized: (error: ApiError) => void;
  /** Called with the message of any other failed call (the app shows it as a 3 s toast). */
  onError: (message: string, error: ApiError) => void;
  /** Message for a failure without a server message: `network` (no reply) or `unknown`. */
  fallbackMessage: (kind: 'network' | 'unknown') => string;
  /** Replaces the HTTP transport; tests mock the network here and nowhere else. */
  adapter?: ApiTransport;
}

/** API base path; the web app and the API share one origin. */
export const API_BASE = '/api';

/** The spec's client timeout (000 §7). */
export const API_TIMEOUT_MS = 360_000;

/** Spec 000 §8: any status above 204 is an error (205 and redirects included). */
export function isSuccessStatus(status: number): boolean {
  return status >= 200 && status <= 204;
}

function replyError(status: number, raw: unknown, fallbackMessage: ApiClientOptions['fallbackMessage']): ApiError {
  const body: ApiErrorBody = raw && typeof raw === 'object' ? (raw as ApiErrorBody) : {};
  const message =
    typeof body.message === 'string' && body.message.trim() !== '' ? body.message : fallbackMessage(status === 0 ? 'network' : 'unknown');
  return new ApiError(status, message, body);
}

/**
 * Creates Ringi's API client over `fetch` (no HTTP library in the first screen's download):
 * base `/api`, bearer token from `ringi.token`, `Accept-Language`, 360 s timeout, 2xx-up-to-204
 * success. Failures reject with an {@link ApiError} (status 0 when no reply came); a 401 is
 * recorded, clears the token and calls `onUnauthorized`; other failures call `onError` unless
 * the request set `ringiSilent`.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const transport = options.adapter ?? browserTransport;

  async function send<T>(method: TransportRequest['method'], url: string, data: unknown, config: ApiRequestConfig = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { Accept: 'application/json, text/plain, */*', ...config.headers };
    const token = readToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    headers['Accept-Language'] = options.getLanguage();
    const query = queryString(config.params);
    const request: TransportRequest = {
      method,
      url,
      fullUrl: `${API_BASE}${url}${query ? `${url.includes('?') ? '&' : '?'}${query}` : ''}`,
      params: config.params,
      data,
      headers,
      timeoutMs: API_TIMEOUT_MS,
      onUploadProgress: config.onUploadProgress,
    };
    let failure: ApiError;
    try {
      const reply = await transport(request);
      if (isSuccessStatus(reply.status)) return { status: reply.status, data: reply.data as T };
      failure = replyError(reply.status, reply.data, options.fallbackMessage);
    } catch (error) {
      failure = error instanceof ApiError ? error : replyError(0, undefined, options.fallbackMessage);
    }
    if (!config.ringiSilent) {
      if (failure.status === 401) {
        recordApiError(failure);
        clearToken();
        options.onUnauthorized(failure);
      } else {
        options.onError(failure.message, failure);
      }
    }
    throw failure;
  }

  return {
    defaults: { baseURL: API_BASE, timeout: API_TIMEOUT_MS },
    get: (url, config) => send('GET', url, undefined, config),
    delete: (url, config) => send('DELETE', url, undefined, config),
    post: (url, data, config) => send('POST', url, data, config),
    put: (url, data, config) => send('PUT', url, data, config),
    patch: (url, data, config) => send('PATCH', url, data, config),
  };
}
