#!/usr/bin/env node
// Thin launcher: everything lives in the compiled CLI so that `--help` loads as little as possible.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  process.stderr.write(
    `Error: operator-ts needs Node.js 22.12 or newer; this is ${process.version}.\n` +
      'Hint: install Node.js 24 (the active LTS), or run through npm scripts of a project that pins the `node` package.\n',
  );
  process.exit(1);
}
const { main } = await import('../dist/src/cli/main.js');
process.exitCode = await main(process.argv);
