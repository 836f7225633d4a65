import { vitePlugin as remix } from '@remix-run/dev';
import { defineConfig } from 'vite';

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  plugins: [
    remix({
      // Its own folder: Remix empties it at each build, and ./build also holds the server's bundle.
      buildDirectory: 'build/pages',
      ignoredRouteFiles: ['**/*.test.*', '**/.*'],
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
  ],
  build: {
    target: 'es2020',
    // Scripts stay files (fingerprinted, cached for good) so the payer pages' CSP can forbid inline code.
    assetsInlineLimit: (file) => (file.endsWith('.js') ? false : undefined),
  },
});
