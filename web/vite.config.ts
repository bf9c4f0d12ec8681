import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The build goes where the Python service serves it from (src/travel/web/routes.py). The
// loader of the workspace app is a separate build (vite.loader.config.ts).
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: "../src/travel/web/dist",
    emptyOutDir: true,
    target: "es2022",
    sourcemap: false,
    manifest: true, // read by scripts/postbuild.mjs
    chunkSizeWarningLimit: 4096, // the explorer's lazy chunk (the editor) is large by nature
    rollupOptions: {
      // Two pages: the web app, and the workspace app a partner's page frames (src/embed/).
      input: { app: "index.html", embed: "embed.html" },
      onwarn(warning, warn) {
        // GraphiQL's packages carry React Compiler directives a bundle cannot keep; harmless.
        if (warning.code === "MODULE_LEVEL_DIRECTIVE") return;
        warn(warning);
      },
    },
  },
  server: {
    port: 5173,
    proxy: { "/workspaces/graphql": "http://127.0.0.1:4003", "/demo": "http://127.0.0.1:3000" },
  },
});
