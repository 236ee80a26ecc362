import { defineConfig } from 'vitest/config';

// Type tests only (`*.test-d.ts`, run by `npm run typecheck`): vitest hands them to tsc, nothing is executed. tsc
// checks the whole of tsconfig.json (src/, test/, bench/) on the way, and an error in any file fails the run as an
// "Unhandled Source Error". The build steps in scripts/ are JavaScript: `tsc -p tsconfig.scripts.json` checks them next.
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
