/**
 * operator-ts/runtime/leaderelection: leader election on a `coordination.k8s.io/v1` Lease, after
 * client-go's `leaderelection` package. A manager with leader election runs one {@link LeaderElector};
 * constructing one directly is for runnables that elect on their own.
 *
 * @packageDocumentation
 */
export { LeaderElector, type Clock, type LeaderElectorOptions } from './leader-elector.js';
