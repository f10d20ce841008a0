export { createApiClient, isSuccessStatus, API_BASE, API_TIMEOUT_MS, type ApiClientOptions } from './api-client';
export { ApiError, type ApiErrorBody } from './api-error';
export { getLastApiError, recordApiError } from './last-error';
export { TOKEN_STORAGE_KEY, readToken, writeToken, clearToken } from './token-store';
