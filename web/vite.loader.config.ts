import { defineConfig } from "vite";

// The workspace app's loader (loader/travel-workspace-app.ts): one small ES module, beside the
// web app's build (which runs first and empties the folder); the service serves it at
// /embed/loader.js. Its size budget is checked by scripts/postbuild.mjs.
export default defineConfig({
  publicDir: false,
  build: {
    outDir: "../src/travel/web/dist",
    emptyOutDir: false,
    target: "es2022",
    sourcemap: false,
    minify: true,
    // Lib mode keeps whitespace in an ES module; the loader has no annotations to keep.
    rolldownOptions: { output: { minify: true } },
    lib: { entry: "loader/travel-workspace-app.ts", formats: ["es"], fileName: () => "embed-loader.js" },
  },
});
