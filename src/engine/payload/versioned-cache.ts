import type { CompiledModule } from '../types';

/** How many definition versions a cache keeps (old ones go first); a publish adds one per changed module. */
const MAX_VERSIONS = 256;

/**
 * A value built once per definition version of a module (compiled Ajv validators): found by
 * the module object first, then by `code@version` — the content hash `compileModules` computes —
 * so the server's recompile after a publish (new objects, mostly the same versions) rebuilds
 * only what changed. The key's content (`fingerprint`, e.g. the schema's JSON) is compared
 * before an entry is reused, so a hand-made module that kept another's version never gets a
 * validator of different content.
 */
export function versionedCache<T>(fingerprint: (module: CompiledModule) => string, build: (module: CompiledModule) => T): (module: CompiledModule) => T {
  const byObject = new WeakMap<CompiledModule, T>();
  const byVersion = new Map<string, { fingerprint: string; value: T }>();
  return (module) => {
    const known = byObject.get(module);
    if (known !== undefined) return known;
    const key = `${module.code}@${module.version}`;
    const print = fingerprint(module);
    let entry = byVersion.get(key);
    if (!entry || entry.fingerprint !== print) {
      entry = { fingerprint: print, value: build(module) };
      byVersion.delete(key);
      byVersion.set(key, entry);
      if (byVersion.size > MAX_VERSIONS) byVersion.delete(byVersion.keys().next().value as string);
    }
    byObject.set(module, entry.value);
    return entry.value;
  };
}
