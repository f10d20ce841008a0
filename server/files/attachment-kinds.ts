import type { AttachmentKind, CompiledModule } from '../../src/engine';

/**
 * Every attachment kind the live definitions declare (modules and sub-forms), by document type.
 * An upload is not tied to one module yet, so a kind declared by several modules takes the
 * widest of their limits; each module's own limits are checked by its checker and form.
 */
export function attachmentKinds(modules: Record<string, CompiledModule>): Map<string, AttachmentKind> {
  const kinds = new Map<string, AttachmentKind>();
  for (const module of Object.values(modules)) {
    for (const [type, kind] of Object.entries(module.attachments ?? {})) {
      const known = kinds.get(type);
      kinds.set(type, known
        ? { accept: [...new Set([...known.accept, ...kind.accept])], maxFiles: Math.max(known.maxFiles, kind.maxFiles), maxBytes: Math.max(known.maxBytes, kind.maxBytes) }
        : { ...kind, accept: [...kind.accept] });
    }
  }
  return kinds;
}
