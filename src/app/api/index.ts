export { createApiClient, isSuccessStatus, API_BASE, API_TIMEOUT_MS, type ApiClient, type ApiClientOptions, type ApiRequestConfig, type ApiResponse } from './api-client';
export { browserTransport, type ApiTransport, type TransportReply, type TransportRequest } from './http-transport';
export { queryString } from '../lib/query-string';
export { ApiError, type ApiErrorBody } from './api-error';
export { getLastApiError, recordApiError } from './last-error';
export { TOKEN_STORAGE_KEY, readToken, writeToken, clearToken } from './token-store';
