/** A data path: dotted field names, at most one item array marked `[]`. */
export const dataPath = { type: 'string', pattern: '^[a-z_][a-z0-9_]*(\\[\\])?(\\.[a-z_][a-z0-9_]*(\\[\\])?)*$', maxLength: 200 };
/** One field (dotted into an object field), never inside an item array. */
export const fieldName = { type: 'string', pattern: '^[a-z_][a-z0-9_]*(\\.[a-z_][a-z0-9_]*)*$', maxLength: 200 };
