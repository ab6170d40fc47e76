#!/usr/bin/env node
// Thin launcher: everything lives in the compiled CLI so that `--help` loads as little as possible.
import { main } from '../dist/src/cli/main.js';

process.exitCode = await main(process.argv);
