import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import { type Rolldown, defineConfig } from 'vite';

/**
 * The browser's JavaScript files are named by what they hold, so that the JavaScript budget's test (e2e/js-budget.spec.ts)
 * and anyone reading the build can tell where the staff's and the payment code went: a file holding any of the
 * admin's modules is `admin.<name>-<hash>.js`, one holding the card form or Braintree's client `payment.<name>-<hash>.js`.
 * The storefront's pages load neither (the checkout page loads the payment ones).
 */
const PAYMENT_MODULES = [/\/node_modules\/braintree-web\//, /\/app\/checkout\/(card-form|braintree-hosted-fields|test-tokenizer)\.tsx?$/];
const ADMIN_MODULES = [/\/app\/admin\//];

/**
 * The modules every storefront page runs: the root route (header, menu, footer, the shopper's session) and all it
 * imports. They go into one file with the root route, rather than a dozen small files that other routes share:
 * one file compresses better and is one request.
 */
const ROOT_ROUTE = fileURLToPath(new URL('./app/root.tsx', import.meta.url));
/** Per chunking pass (a watching build chunks again), the modules the root route reaches through static imports. */
const shells = new WeakMap<Rolldown.ChunkingContext, Set<string>>();
function shellGroup(id: string, ctx: Rolldown.ChunkingContext): string | null {
  let shell = shells.get(ctx);
  if (!shell) {
    const reached = new Set<string>();
    const visit = (moduleId: string) => {
      if (reached.has(moduleId) || moduleId.includes('/node_modules/')) return;
      reached.add(moduleId);
      for (const imported of ctx.getModuleInfo(moduleId)?.importedIds ?? []) visit(imported);
    };
    visit(ROOT_ROUTE);
    shells.set(ctx, reached);
    shell = reached;
  }
  return shell.has(id) ? 'root' : null;
}

function fileName(chunk: Rolldown.PreRenderedChunk): string {
  const holds = (patterns: RegExp[]) => chunk.moduleIds.some((id) => patterns.some((pattern) => pattern.test(id.split('?')[0]!)));
  const kind = holds(PAYMENT_MODULES) ? 'payment.' : holds(ADMIN_MODULES) ? 'admin.' : '';
  return `assets/${kind}[name]-[hash].js`;
}

/** A file of React Router's production build (node_modules/react-router/dist/production/), by its path there. */
function reactRouterProduction(file: string): string {
  return fileURLToPath(new URL(`./dist/production/${file}`, import.meta.resolve('react-router/package.json')));
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter()],
  // The server build is the whole shop (server/start.ts, then server/main.ts: Fastify, the API and the storefront's
  // routes), so that production runs one JavaScript file (and its chunks) and every module exists once.
  build: isSsrBuild
    ? { rollupOptions: { input: './server/start.ts' }, target: 'node24' }
    : {
        rollupOptions: {
          output: {
            entryFileNames: fileName,
            chunkFileNames: fileName,
            codeSplitting: {
              groups: [
                // React, React DOM and React Router: every page needs all of them; one file, cached across releases
                // that do not change them.
                { name: 'framework', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
                { name: shellGroup },
                // zod with its jitless switch, for the few pages that build schemas.
                { name: 'zod', test: /node_modules[\\/]zod[\\/]|app[\\/]lib[\\/]zod-in-browser/ },
              ],
            },
          },
        },
      },
  resolve: {
    // In the browser, `zod` is zod switched to jitless first (app/lib/zod-in-browser.ts explains why); the server keeps
    // zod as it is. Only the pages that build schemas (checkout, admin) download it.
    // And React Router's production build: its package.json sends every bundler to the development one (react-router
    // #12437, "temporary" since 7.0.2; #14102), whose only difference is ENABLE_DEV_WARNINGS = true, so the browser
    // downloaded its development warnings and the "Hey developer" error screen. The server keeps the package's own
    // resolution: @react-router/dev imports React Router in Node too, and two copies would not share their contexts.
    alias: isSsrBuild
      ? []
      : [
          { find: /^zod$/, replacement: fileURLToPath(new URL('./app/lib/zod-in-browser.ts', import.meta.url)) },
          { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
          { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
        ],
  },
  // The workspace packages are TypeScript sources: bundle them into the server build.
  ssr: { noExternal: [/^@charms\//] },
}));
