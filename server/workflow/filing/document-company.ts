import type { CompiledModule } from '../../../src/engine';

/**
 * The company a document belongs to (`buffers.company_id`), by which company-scoped users see it:
 * the company its definition's `companyField` (default `company_id`) names, else — a form without
 * a company (corporate seal, collection debt) — the requester's company (`fallback`, read once
 * at filing and kept through edits).
 */
export function documentCompany(module: Pick<CompiledModule, 'meta'>, data: Record<string, unknown>, fallback: number | null): number | null {
  const value = data[module.meta.companyField ?? 'company_id'];
  return Number.isInteger(value) ? (value as number) : fallback;
}
