import type { V1Job, V1Lease, V1ObjectMeta } from '@kubernetes/client-node';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { encodeDates, formatWireTime, type Timestamp, type WithDates, type Wire } from './wire.js';

// The type-level cases are checked by `npm run typecheck` (an unused @ts-expect-error fails it too).
describe('Wire', () => {
  it('turns every Date of a client-node model into a string, deeply, and nothing else', () => {
    type Job = Wire<V1Job>;
    expectTypeOf<NonNullable<NonNullable<Job['status']>['startTime']>>().toEqualTypeOf<Timestamp>();
    expectTypeOf<NonNullable<NonNullable<Job['metadata']>['creationTimestamp']>>().toExtend<string>();
    expectTypeOf<
      NonNullable<NonNullable<NonNullable<Job['status']>['conditions']>[number]['lastTransitionTime']>
    >().toExtend<string>();
    expectTypeOf<NonNullable<NonNullable<Job['metadata']>['labels']>>().toEqualTypeOf<{ [key: string]: string }>();
    expectTypeOf<NonNullable<NonNullable<Job['spec']>['parallelism']>>().toEqualTypeOf<number>();
    // client-node's MicroTime is a Date subclass: a string on the wire too.
    expectTypeOf<NonNullable<NonNullable<Wire<V1Lease>['spec']>['renewTime']>>().toEqualTypeOf<Timestamp>();
    expectTypeOf<Wire<{ raw?: unknown; any?: any; list: Date[] }>>().toEqualTypeOf<{
      raw?: unknown;
      any?: any;
      list: Timestamp[];
    }>();
    expectTypeOf<Wire<Wire<V1Job>>>().toEqualTypeOf<Wire<V1Job>>();

    const job: Job = {
      metadata: { name: 'j', creationTimestamp: '2026-01-01T00:00:00Z' },
      status: { startTime: '2026-01-01T00:00:01Z' },
    };
    expect(new Date(job.status!.startTime!).getTime()).toBe(Date.parse('2026-01-01T00:00:01Z'));
    // @ts-expect-error a wire timestamp is a string, not a Date
    expect(() => job.status!.startTime!.getTime()).toThrow(TypeError);
  });

  it('lets writes give a Date where the wire has a timestamp, and only there', () => {
    const model: V1Job = { metadata: { name: 'j', creationTimestamp: new Date() }, status: { startTime: new Date() } };
    const wire: Wire<V1Job> = { metadata: { name: 'j' }, status: { startTime: '2026-01-01T00:00:00Z' } };
    const mixed: WithDates<Wire<V1Job>> = {
      metadata: { name: 'j', creationTimestamp: '2026-01-01T00:00:00Z' },
      status: { startTime: new Date() },
    };
    const accepted: Array<WithDates<Wire<V1Job>>> = [model, wire, mixed];
    // @ts-expect-error a name is not a timestamp
    const wrong: WithDates<Wire<V1ObjectMeta>> = { name: new Date() };
    expect(accepted).toHaveLength(3);
    expect(wrong).toBeDefined();
  });
});

describe('encodeDates', () => {
  it('writes Dates as RFC 3339 with microseconds, which metav1.Time and metav1.MicroTime both parse', () => {
    expect(formatWireTime(new Date('2026-03-04T05:06:07.089Z'))).toBe('2026-03-04T05:06:07.089000Z');
    const at = new Date('2026-01-01T00:00:00.250Z');
    const obj = { metadata: { name: 'x', creationTimestamp: at }, spec: { holders: [{ since: at }, 'plain'] } };
    expect(encodeDates(obj)).toEqual({
      metadata: { name: 'x', creationTimestamp: '2026-01-01T00:00:00.250000Z' },
      spec: { holders: [{ since: '2026-01-01T00:00:00.250000Z' }, 'plain'] },
    });
    // The input is left alone: writes must not change the caller's object.
    expect(obj.metadata.creationTimestamp).toBe(at);
  });

  it('returns a value without Dates as it is, copying nothing', () => {
    const obj = { metadata: { name: 'x', labels: { a: 'b' } }, spec: { list: [1, 2, { deep: true }] } };
    expect(encodeDates(obj)).toBe(obj);
    const partly = { untouched: { a: 1 }, changed: { at: new Date(0) } };
    const encoded = encodeDates(partly);
    expect(encoded.untouched).toBe(partly.untouched);
    expect(encoded.changed).toEqual({ at: '1970-01-01T00:00:00.000000Z' });
  });
});
