import { fileURLToPath } from 'node:url';

/** repoRoot is the operator-ts checkout the e2e tests drive. */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** cliBin is the built launcher, run exactly as `npx operator-ts` would run it. */
export const cliBin = fileURLToPath(new URL('../../bin/operator-ts.js', import.meta.url));

/** goldenRoot holds the committed golden projects. */
export const goldenRoot = fileURLToPath(new URL('../golden/', import.meta.url));
