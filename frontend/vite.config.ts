import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vitest/config";

// keepPlaceholder puts dist/.keep back after Vite has emptied dist: Go's //go:embed all:dist
// (frontend/embed.go) needs the folder to exist on a fresh clone, before npm has run.
function keepPlaceholder(): Plugin {
  return {
    name: "errand-keep-placeholder",
    apply: "build",
    closeBundle() {
      writeFileSync(fileURLToPath(new URL("./dist/.keep", import.meta.url)), "");
    },
  };
}

export default defineConfig({
  plugins: [keepPlaceholder()],
  build: { outDir: "dist", emptyOutDir: true, target: "es2022" },
  test: { environment: "happy-dom" },
});
