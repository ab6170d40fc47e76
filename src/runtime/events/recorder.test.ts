import type { EventsV1Event as ModelEvent } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../log/logger.js';
import { formatMicroTime } from './micro-time.js';
import { newEventRecorder } from './recorder.js';
import { TokenBuckets } from './token-buckets.js';
import type { Wire } from '../wire.js';

/** Events are recorded as they are sent: timestamps are strings. */
type EventsV1Event = Wire<ModelEvent>;

const pod = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'web-0', namespace: 'shop', uid: 'u-1', resourceVersion: '7' },
};

function harness(extra: { patch?: boolean; burst?: number; now?: () => Date } = {}) {
  const posted: EventsV1Event[] = [];
  const patched: EventsV1Event[] = [];
  const recorder = newEventRecorder({
    reportingController: 'memcached-controller',
    reportingInstance: 'manager-abc',
    logger: silentLogger(),
    post: async (e) => {
      posted.push(e);
    },
    ...(extra.patch === false
      ? {}
      : {
          patch: async (e: EventsV1Event) => {
            patched.push(e);
          },
        }),
    ...(extra.burst !== undefined ? { burst: extra.burst } : {}),
    ...(extra.now !== undefined ? { now: extra.now } : {}),
  });
  return { recorder, posted, patched };
}

describe('formatMicroTime', () => {
  it('renders six fractional digits in UTC', () => {
    expect(formatMicroTime(new Date('2026-03-04T05:06:07.891Z'))).toBe('2026-03-04T05:06:07.891000Z');
  });
});

describe('newEventRecorder', () => {
  it('creates an events.k8s.io/v1 Event regarding the object', async () => {
    const { recorder, posted } = harness({ now: () => new Date('2026-01-01T00:00:00.000Z') });
    recorder.event(pod, 'Normal', 'Created', 'created deployment web');
    await recorder.flush();
    expect(posted).toHaveLength(1);
    const e = posted[0]!;
    expect(e).toMatchObject({
      apiVersion: 'events.k8s.io/v1',
      kind: 'Event',
      metadata: { namespace: 'shop' },
      eventTime: '2026-01-01T00:00:00.000000Z',
      regarding: { apiVersion: 'v1', kind: 'Pod', name: 'web-0', namespace: 'shop', uid: 'u-1', resourceVersion: '7' },
      reason: 'Created',
      action: 'Created',
      note: 'created deployment web',
      type: 'Normal',
      reportingController: 'memcached-controller',
      reportingInstance: 'manager-abc',
    });
    expect(e.metadata?.name).toMatch(/^web-0\.[0-9a-f]+$/);
    expect(e.series).toBeUndefined();
  });

  it('puts events about cluster-scoped objects in default and truncates long notes to 1024 bytes', async () => {
    const { recorder, posted } = harness();
    recorder.event(
      { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1' } },
      'Warning',
      'Pressure',
      'é'.repeat(1000),
      'Evict',
    );
    await recorder.flush();
    expect(posted[0]?.metadata?.namespace).toBe('default');
    expect(posted[0]?.action).toBe('Evict');
    expect(Buffer.byteLength(posted[0]?.note ?? '')).toBe(1024);
  });

  it('aggregates repeats into a series: count 2 sent at once, later counts on flush', async () => {
    let t = Date.parse('2026-01-01T00:00:00Z');
    const { recorder, posted, patched } = harness({ now: () => new Date(t) });
    recorder.event(pod, 'Warning', 'Failed', 'boom');
    t += 1000;
    recorder.event({ ...pod, metadata: { ...pod.metadata, resourceVersion: '8' } }, 'Warning', 'Failed', 'boom again');
    await recorder.flush();
    expect(posted).toHaveLength(1);
    expect(patched).toHaveLength(1);
    expect(patched[0]?.metadata?.name).toBe(posted[0]?.metadata?.name);
    expect(patched[0]?.series).toEqual({ count: 2, lastObservedTime: '2026-01-01T00:00:01.000000Z' });
    t += 1000;
    recorder.event(pod, 'Warning', 'Failed', 'boom');
    recorder.event(pod, 'Warning', 'Failed', 'boom');
    expect(patched).toHaveLength(1);
    await recorder.flush();
    expect(patched).toHaveLength(2);
    expect(patched[1]?.series?.count).toBe(4);
    recorder.stop();
  });

  it('starts a new event after the series window', async () => {
    let t = 0;
    const { recorder, posted } = harness({ now: () => new Date(t) });
    recorder.event(pod, 'Normal', 'Synced', 'ok');
    t += 7 * 60_000;
    recorder.event(pod, 'Normal', 'Synced', 'ok');
    await recorder.flush();
    expect(posted).toHaveLength(2);
  });

  it('rate limits per object and never throws when posting fails', async () => {
    const { recorder, posted } = harness({ burst: 2 });
    for (let i = 0; i < 5; i++) recorder.event(pod, 'Normal', `Reason${i}`, 'n');
    await recorder.flush();
    expect(posted.map((e) => e.reason)).toEqual(['Reason0', 'Reason1']);

    const failing = newEventRecorder({
      reportingController: 'c',
      reportingInstance: 'i',
      logger: silentLogger(),
      post: async () => {
        throw new Error('forbidden');
      },
    });
    expect(() => failing.event(pod, 'Normal', 'X', 'y')).not.toThrow();
    await expect(failing.flush()).resolves.toBeUndefined();
  });

  it('re-creates the event when the series patch finds it gone', async () => {
    const posted: EventsV1Event[] = [];
    const recorder = newEventRecorder({
      reportingController: 'c',
      reportingInstance: 'i',
      logger: silentLogger(),
      post: async (e) => {
        posted.push(e);
      },
      patch: async () => {
        throw Object.assign(new Error('not found'), { code: 404 });
      },
    });
    recorder.event(pod, 'Normal', 'X', 'y');
    recorder.event(pod, 'Normal', 'X', 'y');
    await recorder.flush();
    expect(posted).toHaveLength(2);
    expect(posted[1]?.series?.count).toBe(2);
  });
});

describe('TokenBuckets', () => {
  it('refills one token per interval up to the burst', () => {
    const b = new TokenBuckets(2, 100);
    expect([b.take('a', 0), b.take('a', 0), b.take('a', 0)]).toEqual([true, true, false]);
    expect(b.take('b', 0)).toBe(true);
    expect(b.take('a', 99)).toBe(false);
    expect(b.take('a', 100)).toBe(true);
    expect(b.take('a', 150)).toBe(false);
    expect(b.take('a', 1000)).toBe(true);
    expect(b.take('a', 1000)).toBe(true);
    expect(b.take('a', 1000)).toBe(false);
  });
});

describe('eventSinkFor', () => {
  it('creates events and merge-patches their series through the client', async () => {
    const { FakeClient } = await import('../fake/client.js');
    const { builtin } = await import('../builtin.js');
    const { eventSinkFor } = await import('./sink.js');
    const client = new FakeClient();
    const recorder = newEventRecorder({
      reportingController: 'memcached-controller',
      reportingInstance: 'pod-1',
      logger: silentLogger(),
      ...eventSinkFor(client),
    });
    recorder.event(pod, 'Warning', 'Failed', 'boom');
    recorder.event(pod, 'Warning', 'Failed', 'boom');
    await recorder.flush();
    const events = await client.list(builtin.Event, { namespace: 'shop' });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      reason: 'Failed',
      type: 'Warning',
      series: { count: 2 },
      regarding: { name: 'web-0' },
    });
    recorder.stop();
  });
});

describe('newEventRecorder reportingController', () => {
  it('accepts qualified names and refuses names the API server would reject', () => {
    const make = (reportingController: string) => () =>
      newEventRecorder({ reportingController, reportingInstance: 'i', logger: silentLogger(), post: async () => {} });
    expect(make('memcached-controller')).not.toThrow();
    expect(make('cache.example.com/memcached')).not.toThrow();
    expect(make('memcached controller')).toThrow(/not a valid reportingController/);
    expect(make('')).toThrow(/not a valid reportingController/);
  });
});
