import type { AdminCompany } from './admin-types';

/** The company form's data from `/companies/{id}` (edit starts with it). */
export function companyFormData(company: AdminCompany): Record<string, unknown> {
  return {
    name: company.name,
    locations: (company.locations ?? []).map((l) => ({ id: l.id, address: l.address })),
    departments: (company.departments ?? []).map((d) => ({ id: d.id, name: d.name })),
  };
}
