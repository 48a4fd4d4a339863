import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  base: '/build/',
  plugins: [react()],
  // Tests run the same whether started here or from the root config's `projects` list.
  root: new URL('.', import.meta.url).pathname,
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // jsdom + MUI interaction tests can take several seconds on a loaded 2-core CI machine.
    testTimeout: 20_000,
  },
});
