import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter()],
  // The server build is the whole shop (server/main.ts: Fastify, the API and the storefront's routes), so that
  // production runs one JavaScript file and every module exists once.
  build: isSsrBuild ? { rollupOptions: { input: './server/main.ts' }, target: 'node24' } : {},
  // The workspace packages are TypeScript sources: bundle them into the server build.
  ssr: { noExternal: [/^@charms\//] },
}));
