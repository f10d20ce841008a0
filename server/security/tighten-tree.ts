import { chmodSync, lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Removes group and other access below `root` (folders 0700, files 0600). PGlite's file layer
 * creates its files 0666 whatever the umask says, so the database folder is tightened when it
 * is opened and closed; in between its 0700 folder keeps everyone else out.
 */
export function tightenTree(root: string): void {
  const stack = [root];
  while (stack.length > 0) {
    const path = stack.pop()!;
    const stat = lstatSync(path, { throwIfNoEntry: false });
    if (!stat || stat.isSymbolicLink()) continue;
    if (stat.isDirectory()) {
      if ((stat.mode & 0o077) !== 0) chmodSync(path, 0o700);
      for (const entry of readdirSync(path)) stack.push(join(path, entry));
    } else if ((stat.mode & 0o077) !== 0) {
      chmodSync(path, stat.mode & 0o700);
    }
  }
}
