import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderApp, profile } from './harness';

// The query cache's chunk fails to arrive once (a dropped connection), then arrives.
const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../../src/app/query-client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../src/app/query-client')>();
  return {
    ...actual,
    newQueryClientIfLoaded: () => undefined,
    loadQueryClient: () => {
      loads.count += 1;
      return loads.count === 1 ? Promise.reject(new TypeError('Failed to fetch dynamically imported module')) : actual.loadQueryClient();
    },
  };
});

describe('start-up without the query cache chunk', () => {
  it('keeps the splash and asks for the chunk again, then opens Home', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderApp({ token: 'stored', routes: { 'GET /profile': { status: 200, data: profile() } } });
    expect(screen.getByTestId('splash')).toBeTruthy();
    expect(await screen.findByTestId('home', {}, { timeout: 8000 })).toBeTruthy();
    expect(loads.count).toBe(2);
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('query cache failed to load'), expect.any(TypeError));
    errors.mockRestore();
  });
});
