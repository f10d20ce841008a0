import { describe, expect, it } from 'vitest';
import { layerOf, mayImport } from '../../scripts/lib/layers';

// The rule scripts/check-layers.ts applies to every import (docs/ARCHITECTURE.md "Layers").
describe('layers', () => {
  it('lets a layer import its own and lower layers', () => {
    expect(mayImport('server/routes/buffer/index.ts', 'server/workflow/filing/filing')).toBe(true);
    expect(mayImport('server/workflow/filing/filing.ts', 'server/repositories/user-repository')).toBe(true);
    expect(mayImport('server/repositories/process-repository.ts', 'server/db/database')).toBe(true);
    expect(mayImport('server/workflow/filing/filing.ts', 'src/engine')).toBe(true);
    expect(mayImport('src/app/pages/Home.tsx', 'src/renderer/ModuleForm')).toBe(true);
  });

  it('refuses an import that points up', () => {
    expect(mayImport('server/workflow/filing/submission-pipeline.ts', 'server/routes/buffer/reference-violations')).toBe(false);
    expect(mayImport('server/repositories/user-repository.ts', 'server/workflow/core/eligibility')).toBe(false);
    expect(mayImport('server/lib/keyset.ts', 'server/workflow/lists/lists')).toBe(false);
    expect(mayImport('src/renderer/ModuleForm.tsx', 'src/app/api/client')).toBe(false);
  });

  it('keeps the engine free of frameworks and the two sides apart', () => {
    expect(mayImport('src/engine/index.ts', 'react')).toBe(false);
    expect(mayImport('src/engine/index.ts', 'node:fs')).toBe(false);
    expect(mayImport('src/engine/index.ts', 'ajv')).toBe(true);
    expect(mayImport('src/engine/index.ts', 'server/lib/errors')).toBe(false);
    expect(mayImport('server/definitions/publish-sources.ts', 'src/renderer/registry')).toBe(false);
    expect(mayImport('src/app/api/client.ts', 'server/lib/errors')).toBe(false);
    // The wire schemas are shared by both sides; they need only TypeBox, and the engine needs none of them.
    expect(mayImport('server/routes/route-schemas.ts', 'src/wire/workflow')).toBe(true);
    expect(mayImport('src/app/pages/approvals/types.ts', 'src/wire/workflow')).toBe(true);
    expect(mayImport('src/wire/workflow.ts', '@sinclair/typebox')).toBe(true);
    expect(mayImport('src/wire/workflow.ts', 'react')).toBe(false);
    expect(mayImport('src/engine/index.ts', 'src/wire/workflow')).toBe(false);
  });

  it('keeps the app\'s lib below the shell and the pages', () => {
    expect(layerOf('src/app/lib/when-idle.ts')).toBe('app-lib');
    expect(mayImport('src/app/shell/roots.ts', 'src/app/lib/lazy-page')).toBe(true);
    expect(mayImport('src/app/pages/home/Launchers.tsx', 'src/app/lib/when-idle')).toBe(true);
    expect(mayImport('src/app/lib/lazy-page.ts', 'src/app/shell/roots')).toBe(false);
    expect(mayImport('src/app/lib/query-string.ts', 'src/app/api/api-client')).toBe(false);
    expect(mayImport('src/app/lib/field-history.ts', 'src/wire/workflow')).toBe(true);
    expect(mayImport('src/renderer/host.ts', 'src/app/lib/when-idle')).toBe(false);
  });

  it('treats the demo seed as composition, not as the database layer', () => {
    expect(layerOf('server/demo/seed.ts')).toBe('composition');
    expect(layerOf('server/demo/sample-body.ts')).toBe('composition');
    expect(layerOf('server/db/connect.ts')).toBe('db');
  });
});
