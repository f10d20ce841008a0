/** `{id, code, status}` of a filed document. */
export const filedSchema = {
  type: 'object', required: ['id', 'code', 'status'],
  properties: { id: { type: 'integer' }, code: { type: 'string' }, status: { type: 'integer' } },
} as const;
