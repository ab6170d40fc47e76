import { describe, expect, it } from 'vitest';
import { FakeCache } from '../fake/cache.js';
import { FakeClock } from '../fake/clock.js';
import { defineResource, type KubernetesObject, type ObjectOf } from '../resource.js';
import { OwnWrites } from './own-writes.js';

const Widget = defineResource<KubernetesObject>({
  group: 'example.com',
  version: 'v1',
  kind: 'Widget',
  plural: 'widgets',
  namespaced: true,
});
const Uncached = defineResource<KubernetesObject>({
  group: 'example.com',
  version: 'v1',
  kind: 'Gadget',
  plural: 'gadgets',
  namespaced: true,
});
const obj = (name: string, resourceVersion: string, namespace = 'ns'): ObjectOf<typeof Widget> => ({
  metadata: { namespace, name, resourceVersion },
});

function setup(options: ConstructorParameters<typeof OwnWrites>[1] = {}) {
  const cache = new FakeCache();
  const informer = cache.informer(Widget);
  const clock = new FakeClock();
  const writes = new OwnWrites(cache, { setTimer: (ms, fn) => clock.setTimer(ms, fn), ...options });
  return { cache, informer, clock, writes };
}

describe('OwnWrites', () => {
  it('keeps a write pending until the cache holds its resourceVersion or a later one', () => {
    const { informer, writes } = setup();
    informer.set(obj('a', '9'));
    writes.run('c/ns/a', () => writes.recordWrite(Widget, obj('a', '10')));
    expect(writes.isPending('c/ns/a')).toBe(true);
    expect(writes.isPending('c/ns/b')).toBe(false);
    informer.set(obj('a', '11'));
    expect(writes.isPending('c/ns/a')).toBe(false);
    expect(writes.size).toBe(0);
  });

  it('compares resourceVersions by number, not as text', () => {
    const { informer, writes } = setup();
    writes.run('o', () => writes.recordWrite(Widget, obj('a', '100')));
    informer.set(obj('a', '99'));
    expect(writes.isPending('o')).toBe(true);
    informer.set(obj('a', '1000'));
    expect(writes.isPending('o')).toBe(false);
  });

  it('records only inside a reconcile scope, and not for kinds or namespaces the cache does not serve', () => {
    const { writes } = setup({ cachesNamespace: (_r, ns) => ns !== 'other' });
    writes.recordWrite(Widget, obj('a', '5'));
    expect(writes.size).toBe(0);
    writes.run('o', () => {
      writes.recordWrite(Uncached, obj('a', '5'));
      writes.recordWrite(Widget, obj('a', '5', 'other'));
    });
    expect(writes.isPending('o')).toBe(false);
  });

  it('keeps a delete pending until the cache no longer holds the version it had', () => {
    const { informer, writes } = setup();
    informer.set(obj('a', '7'));
    writes.run('o', () => writes.recordDelete(Widget, { namespace: 'ns', name: 'a' }));
    expect(writes.isPending('o')).toBe(true);
    informer.remove({ namespace: 'ns', name: 'a' });
    expect(writes.isPending('o')).toBe(false);
    // Deleting what the cache no longer has leaves nothing to wait for.
    writes.run('o', () => writes.recordDelete(Widget, { namespace: 'ns', name: 'gone' }));
    expect(writes.isPending('o')).toBe(false);
  });

  it('tells a waiter as soon as the cache catches up, or drops the writes at the bound', () => {
    const { informer, writes, clock } = setup();
    const outcomes: boolean[] = [];
    writes.run('o1', () => writes.recordWrite(Widget, obj('a', '3')));
    writes.run('o2', () => writes.recordWrite(Widget, obj('b', '4')));
    writes.waitFor('o1', 1000, (caughtUp) => outcomes.push(caughtUp));
    writes.waitFor('o2', 1000, (caughtUp) => outcomes.push(caughtUp));
    informer.set(obj('a', '3'));
    expect(outcomes).toEqual([true]);
    clock.advance(1000);
    expect(outcomes).toEqual([true, false]);
    expect(writes.isPending('o2')).toBe(false);
    expect(clock.pendingTimers()).toBe(0);
    // Nothing pending: the waiter is told at once.
    writes.waitFor('o3', 1000, (caughtUp) => outcomes.push(caughtUp));
    expect(outcomes).toEqual([true, false, true]);
  });

  it('forgets an owner and its timer', () => {
    const { writes, clock } = setup();
    writes.run('o', () => writes.recordWrite(Widget, obj('a', '3')));
    writes.waitFor('o', 1000, () => {
      throw new Error('must not be called');
    });
    writes.forgetOwner('o');
    expect(clock.pendingTimers()).toBe(0);
    expect(writes.size).toBe(0);
  });
});
