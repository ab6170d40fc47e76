import type { Gauge } from 'prom-client';
import { getOrCreateGauge } from '../metrics/get-or-create.js';

/**
 * leaderElectionStatus returns the gauge client-go exposes as `leader_election_master_status`: 1 while this
 * replica holds the named lease, 0 otherwise.
 */
export function leaderElectionStatus(): Gauge<'name'> {
  return getOrCreateGauge({
    name: 'leader_election_master_status',
    help: 'Gauge of if the reporting system is master of the relevant lease, 0 indicates backup, 1 indicates master.',
    labelNames: ['name'],
  });
}
