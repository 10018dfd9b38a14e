import { readFileSync, readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every workspace declares the packages its sources import: production installs (`npm ci --omit=dev`) and the
 * server build rely on it, and a package that only works because a neighbour hoisted it breaks on the next install.
 * Runtime code must import from `dependencies`; tests, configs and type-only imports may use `devDependencies`.
 */
const root = join(import.meta.dirname, '..');
const workspaces = ['apps/api', 'apps/web', 'packages/art', 'packages/contracts', 'packages/domain'];
const rootManifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Manifest;

interface Manifest {
  name: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (['node_modules', 'build', '.react-router', 'drizzle'].includes(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The package names a file imports at run time (`import type` and `import { type ... }`-only lines are not). */
function importedPackages(source: string): string[] {
  const names = new Set<string>();
  for (const match of source.matchAll(/^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm)) {
    const specifier = match[1]!;
    if (specifier.startsWith('.') || specifier.startsWith('node:') || specifier.startsWith('virtual:') || specifier.startsWith('~')) continue;
    const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;
    if (builtinModules.includes(name)) continue;
    names.add(name);
  }
  return [...names];
}

/** Tests, configs and the route table (read by the build) are not part of the running shop. */
const isDevOnly = (file: string) => /\.test\.tsx?$|\/test\/|test-setup|\.config\.ts$|\/e2e\/|app\/routes\.ts$/.test(file);

describe('workspace manifests', () => {
  it.each(workspaces)('%s declares every package it imports', (workspace) => {
    const manifest = JSON.parse(readFileSync(join(root, workspace, 'package.json'), 'utf8')) as Manifest;
    const runtime = new Set([...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.peerDependencies ?? {}), manifest.name]);
    const anyKind = new Set([...runtime, ...Object.keys(manifest.devDependencies ?? {}), ...Object.keys(rootManifest.devDependencies ?? {})]);
    const missing: string[] = [];
    for (const file of sourceFiles(join(root, workspace))) {
      const declared = isDevOnly(file) ? anyKind : runtime;
      for (const name of importedPackages(readFileSync(file, 'utf8'))) {
        if (!declared.has(name)) missing.push(`${file.slice(root.length + 1)} imports ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
