import axios, { type AxiosAdapter, type AxiosInstance } from 'axios';
import { ApiError, type ApiErrorBody } from './api-error';
import { recordApiError } from './last-error';
import { clearToken, readToken } from './token-store';

declare module 'axios' {
  interface AxiosRequestConfig {
    /**
     * The caller reports failures itself (e.g. the login dialog): no global error toast,
     * and a 401 is not treated as an expired session.
     */
    ringiSilent?: boolean;
  }
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
  adapter?: AxiosAdapter;
}

/** API base path; the web app and the API share one origin. */
export const API_BASE = '/api';

/** The spec's client timeout (000 §7). */
export const API_TIMEOUT_MS = 360_000;

/** Spec 000 §8: any status above 204 is an error (205 and redirects included). */
export function isSuccessStatus(status: number): boolean {
  return status >= 200 && status <= 204;
}

function toApiError(error: unknown, fallbackMessage: ApiClientOptions['fallbackMessage']): ApiError {
  if (error instanceof ApiError) return error;
  if (axios.isAxiosError(error)) {
    const status = error.response?.status ?? 0;
    const raw = error.response?.data;
    const body: ApiErrorBody = raw && typeof raw === 'object' ? (raw as ApiErrorBody) : {};
    const message =
      typeof body.message === 'string' && body.message.trim() !== ''
        ? body.message
        : fallbackMessage(status === 0 ? 'network' : 'unknown');
    return new ApiError(status, message, body);
  }
  return new ApiError(0, fallbackMessage('unknown'));
}

/**
 * Creates Ringi's axios client: base `/api`, bearer token from `ringi.token`, `Accept-Language`,
 * 360 s timeout, 2xx-up-to-204 success. Failures reject with an {@link ApiError}; a 401 is
 * recorded, clears the token and calls `onUnauthorized`; other failures call `onError`
 * unless the request set `ringiSilent`.
 */
export function createApiClient(options: ApiClientOptions): AxiosInstance {
  const client = axios.create({
    baseURL: API_BASE,
    timeout: API_TIMEOUT_MS,
    validateStatus: isSuccessStatus,
    adapter: options.adapter,
  });

  client.interceptors.request.use((config) => {
    const token = readToken();
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    config.headers.set('Accept-Language', options.getLanguage());
    return config;
  });

  client.interceptors.response.use(undefined, (error: unknown) => {
    // A call the app cancelled itself (page left) is nobody's failure: no toast, no logout.
    if (axios.isCancel(error)) return Promise.reject(error);
    const apiError = toApiError(error, options.fallbackMessage);
    const silent = axios.isAxiosError(error) && error.config?.ringiSilent === true;
    if (!silent) {
      if (apiError.status === 401) {
        recordApiError(apiError);
        clearToken();
        options.onUnauthorized(apiError);
      } else {
        options.onError(apiError.message, apiError);
      }
    }
    return Promise.reject(apiError);
  });

  return client;
}
