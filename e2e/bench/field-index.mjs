// Section "field-index" of `npm run bench`: cost of listing a CronJob's Jobs from the cache through a field
// index, against filtering every cached object with the same extractor (what a cache without indexes
// would do), at 1 000 and 10 000 cached Jobs with 10 matches each. In-process, from the built dist/; it
// reports figures only.
import { fieldIndexFunc, fieldIndexName, listByFields } from '../../dist/src/runtime/cache/field-index.js';
import { Store } from '../../dist/src/runtime/cache/store.js';
import { silentLogger } from '../../dist/src/runtime/log/logger.js';
import { median } from './measure.mjs';

const FIELD = '.metadata.controller';
const extract = (job) => (job.metadata?.ownerReferences ?? []).filter((r) => r.controller === true).map((r) => r.name);

function fill(count) {
  const store = new Store();
  store.addIndexer(fieldIndexName(FIELD), fieldIndexFunc(FIELD, extract, silentLogger()));
  const owners = count / 10;
  for (let i = 0; i < count; i++) {
    store.apply({
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: {
        namespace: 'ns',
        name: `job-${i}`,
        resourceVersion: '1',
        ownerReferences: [
          {
            apiVersion: 'batch/v1',
            kind: 'CronJob',
            name: `cron-${i % owners}`,
            uid: `u${i % owners}`,
            controller: true,
          },
        ],
      },
    });
  }
  return store;
}

function timeUs(fn, rounds = 9, iterations = 200) {
  const samples = [];
  for (let r = 0; r < rounds; r++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < iterations; i++) fn(i);
    samples.push(Number(process.hrtime.bigint() - start) / 1e3 / iterations);
  }
  return median(samples);
}

/** run prints one line per store size through `report(name, fields)`. */
export async function run(report) {
  for (const count of [1000, 10_000]) {
    const store = fill(count);
    const owners = count / 10;
    let found = 0;
    const indexed = timeUs(
      (i) => (found = listByFields(store, { namespaced: true }, { [FIELD]: `cron-${i % owners}` }, 'ns').length),
    );
    const scanned = timeUs(
      (i) =>
        (found = store.list({ namespace: 'ns' }).filter((job) => extract(job).includes(`cron-${i % owners}`)).length),
    );
    report('field_index.list', {
      n: count,
      matches: found,
      indexed_us: Number(indexed.toFixed(2)),
      scan_us: Number(scanned.toFixed(2)),
      speedup: Number((scanned / indexed).toFixed(1)),
    });
  }
}
