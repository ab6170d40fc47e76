// `npm run bench`: runs each benchmark section module in turn; a section exports `run(report)` and prints
// its figures through `report(name, fields)`. Sections not present in the tree are skipped. Benchmarks
// report figures, ratios and targets; they never fail on timing.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { report } from './measure.mjs';

const here = dirname(fileURLToPath(import.meta.url));

/** SECTIONS lists the section modules in the order they run. */
const SECTIONS = [
  'cli.mjs',
  'generate.mjs',
  'envtest.mjs',
  'field-index.mjs',
  'admission.mjs',
  'runtime/index.mjs',
  'runtime/soak.mjs',
];

// BENCH_ONLY=runtime,cli runs a subset (matched against the module path without extension).
const only = process.env.BENCH_ONLY?.split(',')
  .map((s) => s.trim())
  .filter(Boolean);
let failures = 0;
for (const section of SECTIONS) {
  const file = join(here, section);
  const id = section.replace(/(\/index)?\.mjs$/, '');
  if (!existsSync(file)) continue;
  if (only && !only.includes(id)) continue;
  process.stderr.write(`[bench] section ${id}\n`);
  try {
    const mod = await import(pathToFileURL(file).href);
    await mod.run(report);
  } catch (err) {
    // A broken section must not hide the others' figures; it is reported and makes the run fail.
    failures++;
    process.stderr.write(`[bench] section ${id} failed: ${err?.stack ?? err}\n`);
    report(`${id}.error`, { message: JSON.stringify(String(err?.message ?? err)) });
  }
}
process.exitCode = failures > 0 ? 1 : 0;
