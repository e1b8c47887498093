import { defineConfig } from "vitest/config";

// End-to-end tests: a real `mazeworks serve` on loopback, Debian's Chromium through
// playwright-core. One file at a time: two cores, one browser each.
export default defineConfig({
  test: {
    include: ["e2e/**/*.e2e.ts"],
    environment: "node",
    testTimeout: 240_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
