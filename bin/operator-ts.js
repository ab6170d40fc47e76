#!/usr/bin/env node
// Thin launcher: everything lives in the compiled CLI so that `--help` loads as little as possible.
import module from 'node:module';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  process.stderr.write(
    `Error: operator-ts needs Node.js 22.12 or newer; this is ${process.version}.\n` +
      'Hint: install Node.js 24 (the active LTS), or run through npm scripts of a project that pins the `node` package.\n',
  );
  process.exit(1);
}
// The generator's own packages are devDependencies of a generated project, so that an operator's production
// install leaves them out; where they are missing (a bare `npx operator-ts`), the command runs again through
// `npm exec` with them (see src/cli/generator-exec.ts) and this process only waits for it.
const { runWithGeneratorDependencies } = await import('../dist/src/cli/generator-exec.js');
const viaNpmExec = await runWithGeneratorDependencies({
  argv: process.argv,
  env: process.env,
  err: (text) => process.stderr.write(text),
});
// `generate` runs in a second process started with memory settings that only apply at start-up (see
// src/cli/relaunch.ts); this one then only waits for it.
const { relaunch, relaunchPlan } = await import('../dist/src/cli/relaunch.js');
const plan = relaunchPlan(process.argv, process.execArgv, process.env);
if (viaNpmExec !== undefined) {
  process.exitCode = viaNpmExec;
} else if (plan !== undefined) {
  process.exitCode = await relaunch(plan);
} else {
  // Node's on-disk compile cache lets later runs reuse the bytecode of ts-morph and the 9 MB TypeScript
  // compiler it bundles. It must be on before the first import: the ESM loader compiles CommonJS packages
  // while linking, before any module body (which could enable it) runs.
  module.enableCompileCache?.();
  const { main } = await import('../dist/src/cli/main.js');
  process.exitCode = await main(process.argv);
}
