import { defineConfig } from "vitest/config";

// The app is served by `mazeworks serve --web-root web/dist`; in `npm run dev` Vite proxies the
// API and the WebSocket to a server on MAZEWORKS_SERVER (default localhost:8080).
const server = process.env.MAZEWORKS_SERVER ?? "http://127.0.0.1:8080";

export default defineConfig({
  build: { outDir: "dist", emptyOutDir: true, sourcemap: true },
  server: {
    proxy: {
      "/api": server,
      "/ws": { target: server.replace(/^http/, "ws"), ws: true },
    },
  },
  test: {
    include: ["src/**/*.test.ts", "e2e/**/*.test.ts"],
    environment: "jsdom",
    // One jsdom per worker, not per file: setting one up cost about 1.7 s a file (96 of the run's
    // 216 s, 2026-11-29). The files leave no DOM, storage or timers behind (they pass shuffled).
    isolate: false,
  },
});
