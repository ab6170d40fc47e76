// The benchmark workload, driven from outside the operator under test: phase A creates N BenchItems and
// times until every one is reconciled; phase B updates random items at a fixed rate and times how long each
// update takes to show up in status. Both observe the operator only through an API watch.
import { benchItem } from './benchitem.mjs';
import { runPool } from './api.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** ensureNamespace creates a namespace unless it exists. */
export async function ensureNamespace(api, name) {
  try {
    await api.request('POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name } });
  } catch (err) {
    if (!String(err.message).includes(' 409 ')) throw err;
  }
}

/**
 * deleteAllItems deletes every BenchItem of a namespace and waits until none is left. A delete-collection
 * of thousands of objects can outlast the API server's request timeout (it then drops the connection while
 * the deletion goes on), so a failed call is logged and issued again until the list is empty.
 */
export async function deleteAllItems(api, namespace, timeoutMs = 300_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    try {
      await api.request('DELETE', api.itemsPath(namespace));
    } catch (err) {
      process.stderr.write(`[bench runtime] delete of ${namespace}'s items: ${err.message}; checking and retrying\n`);
    }
    const list = await api.request('GET', `${api.itemsPath(namespace)}?limit=1`);
    if (list.items.length === 0) return;
    await sleep(1000);
  }
  throw new Error(`BenchItems of ${namespace} were not deleted within ${timeoutMs} ms`);
}

/**
 * watchStatuses watches the BenchItems of a namespace and calls `onObserved(name, observedValue, atMs,
 * specValue)` for every event (observedValue undefined before the first reconcile); returns a stop function.
 */
async function watchStatuses(api, namespace, onObserved) {
  const path = api.itemsPath(namespace);
  const ctl = new AbortController();
  let lastRv;
  const observe = (obj, at) => {
    if (obj?.metadata?.name === undefined) return;
    onObserved(obj.metadata.name, obj.status?.observedValue, at, obj.spec?.value);
  };
  const start = async (rv) => {
    await api.watch(
      path,
      rv,
      (event) => {
        if (event.type === 'ERROR') {
          process.stderr.write(`[bench runtime] watch error: ${JSON.stringify(event.object)}\n`);
          return;
        }
        lastRv = event.object?.metadata?.resourceVersion ?? lastRv;
        observe(event.object, performance.now());
      },
      ctl.signal,
      () => {
        // The API server ended the watch: list again (so nothing is missed) and watch on from there.
        process.stderr.write('[bench runtime] driver watch closed, re-listing\n');
        relistUntilWatching();
      },
    );
  };
  // A re-list of thousands of objects can fail on a loaded API server; it is tried again until it works.
  const relistUntilWatching = () => {
    relist().catch((err) => {
      process.stderr.write(`[bench runtime] re-list failed: ${err.message}; retrying\n`);
      if (!ctl.signal.aborted) setTimeout(relistUntilWatching, 1000);
    });
  };
  const relist = async () => {
    const list = await api.request('GET', path);
    const at = performance.now();
    for (const item of list.items) observe(item, at);
    await start(list.metadata.resourceVersion);
  };
  const list = await api.request('GET', `${path}?limit=1`);
  lastRv = list.metadata.resourceVersion;
  await start(lastRv);
  return () => ctl.abort();
}

/** itemName is the name of the i-th BenchItem. */
export function itemName(i) {
  return `item-${String(i).padStart(5, '0')}`;
}

/**
 * createItem creates the i-th BenchItem, trying again (up to 5 times) when a loaded API server drops the
 * call; 409 AlreadyExists on a retry means an earlier attempt went through.
 */
async function createItem(api, namespace, i) {
  for (let attempt = 1; ; attempt++) {
    try {
      await api.request('POST', api.itemsPath(namespace), benchItem(namespace, itemName(i), 1));
      return;
    } catch (err) {
      if (attempt > 1 && String(err.message).includes(' 409 ')) return;
      if (attempt >= 5) throw err;
      process.stderr.write(`[bench runtime] create ${itemName(i)}: ${err.message}; retrying\n`);
      await sleep(1000);
    }
  }
}

/** createItems creates BenchItems 0..count-1 (spec.value 1) with `concurrency` parallel creators. */
export async function createItems(api, namespace, count, concurrency, onCreated = () => {}) {
  await runPool(count, concurrency, async (i) => {
    await createItem(api, namespace, i);
    onCreated();
  });
}

/**
 * phaseThroughput creates `count` BenchItems (spec.value 1) with `concurrency` parallel creators and
 * resolves with { totalMs, createMs, tailMs, objPerS } once the watch saw status.observedValue 1 on all.
 */
export async function phaseThroughput(api, namespace, count, { concurrency = 32, timeoutMs = 900_000 } = {}) {
  const reconciled = new Set();
  let done;
  const allDone = new Promise((r) => (done = r));
  const stop = await watchStatuses(api, namespace, (name, value, at) => {
    if (value !== 1 || reconciled.has(name)) return;
    reconciled.add(name);
    if (reconciled.size === count) done(at);
  });
  try {
    const start = performance.now();
    let createdCount = 0;
    const progress = setInterval(() => {
      process.stderr.write(
        `[bench runtime] ${namespace}: created ${createdCount}/${count}, reconciled ${reconciled.size}/${count}\n`,
      );
    }, 10_000);
    let created;
    try {
      await createItems(api, namespace, count, concurrency, () => createdCount++);
      created = performance.now();
    } catch (err) {
      clearInterval(progress);
      throw err;
    }
    let timer;
    const timeout = new Promise((r) => (timer = setTimeout(() => r(undefined), timeoutMs)));
    const end = await Promise.race([allDone, timeout]);
    clearTimeout(timer);
    clearInterval(progress);
    if (end === undefined) throw new Error(`only ${reconciled.size}/${count} items reconciled after ${timeoutMs} ms`);
    const totalMs = end - start;
    return {
      totalMs,
      createMs: created - start,
      tailMs: Math.max(0, end - created),
      objPerS: (count * 1000) / totalMs,
    };
  } finally {
    stop();
  }
}

/** percentile returns the p-th percentile (0..100, nearest rank) of numbers. */
export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}

/**
 * phaseLatency merge-patches spec.value of random items among `count` at `ratePerS` for `durationMs`;
 * the latency of an update is from its response to the watch showing status.observedValue at least as new
 * (a later update of the same item that the operator coalesced also settles it). Resolves with p50/p99 of
 * that latency, and of its two parts: the watch lag (from the response until the driver's own watch shows
 * the new spec.value: the control plane's share, the same for any operator) and the operator's share
 * (from then until the watch shows the status).
 */
export async function phaseLatency(
  api,
  namespace,
  count,
  { ratePerS = 100, durationMs = 20_000, drainMs = 30_000, firstValue = 1_000_000 } = {},
) {
  const pending = new Map(); // name -> [{ value, respondedAt, specAt }]
  const seen = new Map(); // name -> { value, at } latest observedValue
  const specSeen = new Map(); // name -> { value, at } latest spec.value
  const latencies = [];
  const watchLags = [];
  const operatorShares = [];
  const settle = (name) => {
    const list = pending.get(name);
    if (list === undefined) return;
    const obs = seen.get(name);
    const spec = specSeen.get(name);
    const rest = [];
    for (const u of list) {
      if (u.specAt === undefined && spec !== undefined && spec.value >= u.value)
        u.specAt = Math.max(spec.at, u.respondedAt);
      if (obs !== undefined && obs.value >= u.value) {
        latencies.push(Math.max(0, obs.at - u.respondedAt));
        const specAt = u.specAt ?? obs.at;
        watchLags.push(specAt - u.respondedAt);
        operatorShares.push(Math.max(0, obs.at - specAt));
      } else rest.push(u);
    }
    if (rest.length === 0) pending.delete(name);
    else pending.set(name, rest);
  };
  const stop = await watchStatuses(api, namespace, (name, value, at, specValue) => {
    const prev = seen.get(name);
    if (value !== undefined && (prev === undefined || value > prev.value)) seen.set(name, { value, at });
    const prevSpec = specSeen.get(name);
    if (specValue !== undefined && (prevSpec === undefined || specValue > prevSpec.value))
      specSeen.set(name, { value: specValue, at });
    settle(name);
  });
  let sent = 0;
  let failed = 0;
  const inflight = [];
  try {
    const total = Math.round((ratePerS * durationMs) / 1000);
    const start = performance.now();
    for (let i = 0; i < total; i++) {
      const due = start + (i * 1000) / ratePerS;
      const wait = due - performance.now();
      if (wait > 1) await sleep(wait);
      const name = itemName(Math.floor(Math.random() * count));
      const value = firstValue + i;
      sent++;
      inflight.push(
        api
          .request('PATCH', `${api.itemsPath(namespace)}/${name}`, { spec: { value } }, 'application/merge-patch+json')
          .then(
            () => {
              const list = pending.get(name) ?? [];
              list.push({ value, respondedAt: performance.now(), specAt: undefined });
              pending.set(name, list);
              settle(name);
            },
            () => failed++,
          ),
      );
    }
    const sendMs = performance.now() - start;
    await Promise.all(inflight);
    const drainEnd = performance.now() + drainMs;
    while (pending.size > 0 && performance.now() < drainEnd) await sleep(50);
    const unresolved = [...pending.values()].reduce((n, l) => n + l.length, 0);
    return {
      sent,
      failed,
      unresolved,
      achievedRate: (sent * 1000) / sendMs,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: percentile(latencies, 100),
      watchLagP50: percentile(watchLags, 50),
      watchLagP99: percentile(watchLags, 99),
      operatorP50: percentile(operatorShares, 50),
      operatorP99: percentile(operatorShares, 99),
    };
  } finally {
    stop();
  }
}

/** warmUp creates and deletes a few hundred BenchItems so that the API server's first writes are not measured. */
export async function warmUp(api, count = 300) {
  const namespace = 'bench-warmup';
  await ensureNamespace(api, namespace);
  await runPool(count, 32, (i) => api.request('POST', api.itemsPath(namespace), benchItem(namespace, itemName(i), 1)));
  await deleteAllItems(api, namespace);
}
