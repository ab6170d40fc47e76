import type { V1Lease } from '@kubernetes/client-node';
import { isNotFound } from '../rest/api-error.js';
import type { RestClient } from '../rest/rest-client.js';
import { defineResource } from '../resource.js';
import type { Wire } from '../wire.js';

/** LeaseResource is `coordination.k8s.io/v1` Lease, the lock leader election holds. */
export const LeaseResource = defineResource<V1Lease>({
  group: 'coordination.k8s.io',
  version: 'v1',
  kind: 'Lease',
  plural: 'leases',
  namespaced: true,
});

/** LeaderElectionRecord is what a lease says about its holder. */
export interface LeaderElectionRecord {
  holderIdentity: string;
  leaseDurationSeconds: number;
  /** Milliseconds since the epoch. */
  acquireTime: number;
  /** Milliseconds since the epoch. */
  renewTime: number;
  leaderTransitions: number;
}

/** LockState is the record read from the lease and the lease's resourceVersion (for optimistic concurrency). */
export interface LockState {
  record: LeaderElectionRecord;
  resourceVersion: string;
}

/**
 * LeaseLock reads and writes the leader election record on a Lease. Updates carry the resourceVersion that
 * was read, so two candidates racing for the same lease cannot both win: the loser gets a 409 Conflict.
 */
export class LeaseLock {
  constructor(
    private readonly rest: RestClient,
    /** namespace of the Lease. */
    readonly namespace: string,
    /** name of the Lease (the leader election ID). */
    readonly name: string,
  ) {}

  /** LeaseLock.get returns the current record, or undefined when the Lease does not exist. */
  async get(signal?: AbortSignal): Promise<LockState | undefined> {
    try {
      const lease = await this.rest.get(
        LeaseResource,
        { namespace: this.namespace, name: this.name },
        signal === undefined ? {} : { signal },
      );
      return { record: toRecord(lease), resourceVersion: lease.metadata?.resourceVersion ?? '' };
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  }

  /** LeaseLock.create creates the Lease with the record; fails with 409 AlreadyExists if another candidate was first. */
  async create(record: LeaderElectionRecord, signal?: AbortSignal): Promise<LockState> {
    const lease = await this.rest.create(
      LeaseResource,
      { metadata: { name: this.name, namespace: this.namespace }, spec: toSpec(record) },
      { signal },
    );
    return { record: toRecord(lease), resourceVersion: lease.metadata?.resourceVersion ?? '' };
  }

  /** LeaseLock.update replaces the record, conditional on the resourceVersion read before. */
  async update(record: LeaderElectionRecord, resourceVersion: string, signal?: AbortSignal): Promise<LockState> {
    const lease = await this.rest.update(
      LeaseResource,
      { metadata: { name: this.name, namespace: this.namespace, resourceVersion }, spec: toSpec(record) },
      { signal },
    );
    return { record: toRecord(lease), resourceVersion: lease.metadata?.resourceVersion ?? '' };
  }

  /** LeaseLock.describe names the lock in logs. */
  describe(): string {
    return `${this.namespace}/${this.name}`;
  }
}

/** formatMicroTime renders a MicroTime (RFC 3339 with exactly six fractional digits), as the API server parses it. */
export function formatMicroTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}

function toSpec(r: LeaderElectionRecord): NonNullable<Wire<V1Lease>['spec']> {
  return {
    holderIdentity: r.holderIdentity,
    leaseDurationSeconds: r.leaseDurationSeconds,
    acquireTime: formatMicroTime(r.acquireTime),
    renewTime: formatMicroTime(r.renewTime),
    leaseTransitions: r.leaderTransitions,
  };
}

function toRecord(lease: Wire<V1Lease>): LeaderElectionRecord {
  const spec = lease.spec ?? {};
  return {
    holderIdentity: spec.holderIdentity ?? '',
    leaseDurationSeconds: spec.leaseDurationSeconds ?? 0,
    acquireTime: parseTime(spec.acquireTime),
    renewTime: parseTime(spec.renewTime),
    leaderTransitions: spec.leaseTransitions ?? 0,
  };
}

function parseTime(value: string | undefined): number {
  if (value === undefined) return 0;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? 0 : ms;
}
