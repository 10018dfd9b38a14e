import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import { describe, expect, it } from 'vitest';
import routes from '../routes';

/**
 * The admin's code loads only on its own pages: the bundler splits the client by route module, so a storefront
 * page's JavaScript holds what its route module (and the root) import, and nothing else. This walks those imports
 * (value imports: `import type` is erased) and fails if any storefront page reaches a file under app/admin/.
 */
const appDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const adminDir = join(appDir, 'admin');

function routeFiles(entries: RouteConfigEntry[]): string[] {
  return entries.flatMap((entry) => [entry.file, ...routeFiles(entry.children ?? [])]);
}

const IMPORT = /(?:^|[;\n])\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function resolveImport(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find((path) => existsSync(path) && !path.endsWith('/'));
}

/** Every file of the app a module reaches through value imports (relative ones: packages hold no admin code). */
function reachableFrom(start: string): Set<string> {
  const seen = new Set<string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (!/\.tsx?$/.test(file)) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2];
      if (!specifier?.startsWith('.')) continue;
      const target = resolveImport(file, specifier);
      if (target) queue.push(target);
    }
  }
  return seen;
}

const isAdmin = (file: string) => file.startsWith(`${adminDir}/`);
const allRouteFiles = routeFiles(routes);
const storefrontModules = ['root.tsx', ...allRouteFiles.filter((file) => !file.startsWith('admin/'))];

describe('the admin loads only on its own pages', () => {
  it.each(storefrontModules)('%s reaches no admin module', (file) => {
    const reached = [...reachableFrom(join(appDir, file))].filter(isAdmin).map((path) => relative(appDir, path));
    expect(reached).toEqual([]);
  });

  it('every admin page is under app/admin/, so the walk above sees them as admin', () => {
    const adminRoutes = allRouteFiles.filter((file) => file.startsWith('admin/'));
    expect(adminRoutes).toEqual(expect.arrayContaining(['admin/routes/layout.tsx', 'admin/routes/sign-in.tsx', 'admin/routes/phone-order.tsx']));
  });

  it('the walk finds admin code where it is imported (the admin layout reaches its CSS and API client)', () => {
    const reached = reachableFrom(join(appDir, 'admin/routes/layout.tsx'));
    expect([...reached].filter(isAdmin).map((path) => relative(appDir, path))).toEqual(
      expect.arrayContaining(['admin/admin.css', 'admin/admin-api.server.ts', 'admin/components/page-error.tsx']),
    );
  });
});
