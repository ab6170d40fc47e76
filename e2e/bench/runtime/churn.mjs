// Continuous create/update/delete churn of BenchItems for the leak soak: a fixed pool of names, one
// operation every 1/rate seconds on a random name that has no operation in flight. A name that does not
// exist is created; one that exists is updated (merge patch of spec.value) 70% of the time, deleted
// otherwise, so that about three quarters of the pool exists at any time and every object is, over the run,
// created, changed and deleted many times: what makes a controller leak per object or per event shows.
import { benchItem } from './benchitem.mjs';

/**
 * startChurn starts churning `pool` BenchItems of `namespace` at `ratePerS` operations per second, with at
 * most `maxInFlight` requests outstanding. `stop()` ends it, waits for requests in flight, and resolves with
 * the counts of operations sent and failed.
 */
export function startChurn(api, namespace, { ratePerS = 40, pool = 200, maxInFlight = 16 } = {}) {
  const exists = new Array(pool).fill(false);
  const busy = new Array(pool).fill(false);
  const stats = { creates: 0, updates: 0, deletes: 0, failed: 0, lastError: undefined };
  const inFlight = new Set();
  let value = 0;
  const name = (i) => `soak-${String(i).padStart(4, '0')}`;

  const operate = async (i) => {
    const path = `${api.itemsPath(namespace)}/${name(i)}`;
    if (!exists[i]) {
      await api.request('POST', api.itemsPath(namespace), benchItem(namespace, name(i), ++value));
      exists[i] = true;
      stats.creates++;
    } else if (Math.random() < 0.7) {
      await api.request('PATCH', path, { spec: { value: ++value } }, 'application/merge-patch+json');
      stats.updates++;
    } else {
      await api.request('DELETE', path);
      exists[i] = false;
      stats.deletes++;
    }
  };

  const tick = () => {
    if (inFlight.size >= maxInFlight) return;
    const i = Math.floor(Math.random() * pool);
    if (busy[i]) return;
    busy[i] = true;
    const op = operate(i)
      .catch((err) => {
        stats.failed++;
        stats.lastError = String(err.message).slice(0, 200);
      })
      .finally(() => {
        busy[i] = false;
        inFlight.delete(op);
      });
    inFlight.add(op);
  };
  const timer = setInterval(tick, 1000 / ratePerS);

  return {
    stats,
    async stop() {
      clearInterval(timer);
      await Promise.all(inFlight);
      return { ...stats, live: exists.filter(Boolean).length };
    },
  };
}
