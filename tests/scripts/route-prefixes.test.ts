import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { prefixesInSeveralAreas, routePrefixes } from '../../scripts/lib/route-prefixes';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function routeSources(dir: string, out = new Map<string, string>()): Map<string, string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = join(dir, entry.name);
    if (entry.isDirectory()) routeSources(file, out);
    else if (entry.name.endsWith('.ts')) out.set(relative(ROOT, file).split('\\').join('/'), readFileSync(file, 'utf8'));
  }
  return out;
}

// The rule scripts/check-layers.ts applies to the route folders (docs/ARCHITECTURE.md "Layers").
describe('one route folder per URL prefix', () => {
  it('reads the first path segment of every way a route is declared here', () => {
    const text = [
      "app.get('/users/pic', {",
      "app.post<{ Params: IdParams }>('/companies/:id/calendar', {",
      'app.post<{ Params: P; Body: unknown }>(`/buffer/:code/:id/${operation}`, {',
      "app.delete('/deputies/:id'",
      "app.get('/health'",
    ].join('\n');
    expect(routePrefixes(text)).toEqual(['users', 'companies', 'buffer', 'deputies', 'health']);
  });

  it('names a prefix declared in two folders, and only that one', () => {
    const files = new Map([
      ['server/routes/admin/index.ts', "app.get('/users/pic', {}); app.get('/backgrounds', {});"],
      ['server/routes/users/index.ts', "app.get('/users/:id', {}); app.get('/users/approver', {});"],
      ['server/routes/buffer/filing.ts', "app.post('/buffer/submit', {});"],
      ['server/routes/buffer/index.ts', "app.get('/buffer/:id', {});"],
      ['server/routes/buffers/index.ts', "app.get('/buffers/:id', {});"],
    ]);
    expect(prefixesInSeveralAreas(files)).toEqual(new Map([['users', ['admin', 'users']]]));
  });

  it('holds for the routes as they are', () => {
    const files = routeSources(join(ROOT, 'server/routes'));
    expect(files.size).toBeGreaterThan(10);
    expect(prefixesInSeveralAreas(files)).toEqual(new Map());
  });
});
