// Prints the plain closing line CI reads ("N passed, N failed, N skipped") from vitest's JSON report.
import { readFileSync } from 'node:fs';

const report = JSON.parse(readFileSync(new URL('../.work/test-results.json', import.meta.url), 'utf8'));
const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
process.stdout.write(`${report.numPassedTests} passed, ${report.numFailedTests} failed, ${skipped} skipped\n`);
process.exit(report.numFailedTests > 0 || report.numTotalTests === 0 ? 1 : 0);
