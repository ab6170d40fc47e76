/**
 * operator-ts/runtime/fake: in-memory fakes for an operator's unit tests, after controller-runtime's
 * `pkg/client/fake`. {@link FakeClient} is a `Client` over an in-memory store that behaves as the
 * API server would (resourceVersion conflicts, the status subresource, label and field selectors, field
 * indexes); {@link FakeCache} and {@link FakeInformer} stand in for the informer cache, {@link FakeClock}
 * for time in work queues and rate limiters. Tests against a real API server use operator-ts/testing.
 *
 * @packageDocumentation
 */
export { FakeCache, FakeInformer } from './cache.js';
export { FakeClient, type FakeClientOptions } from './client.js';
export { FakeClock } from './clock.js';
