import { vitePlugin as remix } from "@remix-run/dev";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { defineConfig } from "vite";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

/**
 * The translation files (app/i18n/client.ts) stay files however small: each is cached by the
 * browser on its own, and a data: address would put its texts back into the page's script.
 */
function keepTranslationFiles(file: string): boolean | undefined {
  return file.endsWith(".json") ? false : undefined;
}

/** Small modules every hydrated page loads, bundled together (see manualChunks). */
const SHARED_SMALL =
  /\/app\/(i18n\/(config|page-title)|web\/(use-hydrated|use-can|use-settings)|models\/user\/(permissions|user|roles)|models\/vat|models\/product\/product-status)\.tsx?$/;

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  plugins: [
    vanillaExtractPlugin(),
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
  ],
  server: { port: 3000 },
  ssr: { noExternal: [] },
  build: isSsrBuild
    ? {
        assetsInlineLimit: keepTranslationFiles,
        // One server file: a component the pages load lazily (BelowCostConfirm) is split only in
        // the browser's build (the route table stays in build/server/index.js, which tests read).
        rollupOptions: { output: { inlineDynamicImports: true } },
      }
    : {
        assetsInlineLimit: keepTranslationFiles,
        // Terser, not esbuild: ~4 % less gzip for every page's JavaScript (about 4 KB of the
        // shared chunk's 100), for a few seconds more build (docs/decisions.md).
        minify: "terser",
        terserOptions: { module: true, compress: { passes: 2 } },
        rollupOptions: {
          output: {
            // Every style sheet in one file (about 4 KB gzip for the whole app): a page waits for
            // one stylesheet request before it paints, not for ten (slow networks, handhelds).
            // And the small modules that nearly every hydrated page loads (the shell's settings,
            // roles and titles) in one chunk: apart, each cost its own request and ~40 bytes gzip.
            manualChunks: (id: string) =>
              /\.css($|\?)/.test(id) ? "styles" : SHARED_SMALL.test(id) ? "shared" : undefined,
          },
        },
      },
}));
