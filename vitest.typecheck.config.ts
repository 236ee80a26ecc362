import { defineConfig } from 'vitest/config';

// Type tests only (`*.test-d.ts`, run by `npm run typecheck`): vitest hands them to tsc, nothing is executed.
export default defineConfig({
  test: {
    include: [],
    typecheck: {
      enabled: true,
      only: true,
      include: ['test/**/*.test-d.ts'],
      tsconfig: './tsconfig.json',
    },
  },
});
