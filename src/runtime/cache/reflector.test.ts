import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { status, StubApiServer } from '../fixtures/stub-apiserver.js';
import { silentLogger } from '../log/logger.js';
import { defineResource, type KubernetesObject } from '../resource.js';
import { RestClient } from '../rest/rest-client.js';
import { KubeTransport } from '../rest/transport.js';
import { Reflector, type WatcherEvent } from './reflector.js';
import type { ReflectorState } from './reflector-state.js';

const ConfigMap = defineResource({
  group: '',
  version: 'v1',
  kind: 'ConfigMap',
  plural: 'configmaps',
  namespaced: true,
});

let api: StubApiServer;
let transport: KubeTransport;
let stop: AbortController;

beforeEach(async () => {
  api = await new StubApiServer().serve(ConfigMap).start();
  transport = new KubeTransport(api.kubeConfig());
  stop = new AbortController();
});
afterEach(async () => {
  stop.abort();
  transport.close();
  await api.stop();
});

/** run starts a reflector that records its states (`backoff` with the state it returns to) and sink events. */
function run(): {
  phases: string[];
  events: Array<WatcherEvent<KubernetesObject>['type']>;
  reflector: Reflector<KubernetesObject>;
  done: Promise<void>;
} {
  const phases: string[] = [];
  const events: Array<WatcherEvent<KubernetesObject>['type']> = [];
  const name = (s: ReflectorState): string => (s.phase === 'backoff' ? `backoff->${s.then.phase}` : s.phase);
  const reflector = new Reflector({
    rest: new RestClient(transport),
    resource: ConfigMap,
    logger: silentLogger(),
    minHealthyWatchMs: 0,
    sleep: () => new Promise((r) => setTimeout(r, 1)),
    onTransition: (_, to) => phases.push(name(to)),
  });
  const done = reflector.run(stop.signal, (e) => events.push(e.type));
  return { phases, events, reflector, done };
}

async function until(cond: () => boolean): Promise<void> {
  while (!cond()) await new Promise((r) => setTimeout(r, 5));
}

describe('Reflector state machine', () => {
  it('lists, then watches from the list, and stops when its signal aborts', async () => {
    api.put(ConfigMap, { metadata: { name: 'a', namespace: 'ns' } });
    const r = run();
    await until(() => r.reflector.state.phase === 'watching' && api.watchCount === 1);
    expect(r.phases).toEqual(['initListing', 'initListed', 'watching']);
    expect(r.events).toEqual(['init', 'initApply', 'initDone']);
    stop.abort();
    await r.done;
    expect(r.reflector.state).toEqual({ phase: 'stopped' });
  });

  it('resumes a closed watch at once, and a dropped one after a backoff, without relisting', async () => {
    const r = run();
    await until(() => api.watchCount === 1);
    api.endWatches();
    await until(() => r.phases.filter((p) => p === 'watching').length === 2);
    api.dropWatches();
    await until(() => r.phases.filter((p) => p === 'watching').length === 3);
    expect(r.phases.slice(3)).toEqual(['initListed', 'watching', 'backoff->initListed', 'initListed', 'watching']);
    expect(r.events.filter((e) => e === 'init')).toHaveLength(1);
  });

  it('relists when the resourceVersion it resumes from has expired', async () => {
    const r = run();
    await until(() => api.watchCount === 1);
    api.put(ConfigMap, { metadata: { name: 'a', namespace: 'ns' } });
    await until(() => r.events.includes('apply'));
    // A change the watch misses while it is closed, and the history it was in compacted away.
    api.silently(() => api.put(ConfigMap, { metadata: { name: 'b', namespace: 'ns' } }));
    api.compact();
    api.endWatches();
    await until(() => r.events.filter((e) => e === 'init').length === 2 && r.reflector.state.phase === 'watching');
    // The resumed watch answers 410 before any event, so the reflector backs off before it relists.
    expect(r.phases.slice(3)).toEqual([
      'initListed',
      'watching',
      'backoff->empty',
      'empty',
      'initListing',
      'initListed',
      'watching',
    ]);
  });

  it('backs off before listing again when a list fails, and before watching again when a watch cannot be opened', async () => {
    api.fault({ match: (req) => !req.query.has('watch'), respond: status(500, 'InternalError', 'etcd down') });
    api.fault({
      match: (req) => req.query.get('watch') === 'true',
      respond: status(503, 'ServiceUnavailable', 'again'),
    });
    const r = run();
    await until(() => r.reflector.state.phase === 'watching' && api.watchCount === 1);
    expect(r.phases).toEqual([
      'initListing',
      'backoff->empty',
      'empty',
      'initListing',
      'initListed',
      'backoff->initListed',
      'initListed',
      'watching',
    ]);
    // The watch's failure stays the last error until the next successful list.
    expect(r.reflector.lastError).toMatchObject({ code: 503 });
  });
});
