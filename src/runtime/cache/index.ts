/**
 * operator-ts/runtime/cache: the shared informer cache behind a manager's client, after controller-runtime's
 * `pkg/cache` and client-go's shared informers. An {@link InformerCache} keeps one {@link SharedInformer}
 * per resource (list, then watch from the list's resourceVersion, relisting on 410), serves reads and field
 * indexes from memory, and hands watch events to controllers. Operators reach it through `mgr.getCache()`
 * and `mgr.getFieldIndexer()`; constructing one directly is for tools and tests.
 *
 * @packageDocumentation
 */
export type { FieldIndexer, IndexerFunc } from './field-index.js';
export type { Cache, EventHandler, Informer, InformerOptions, ListFilter } from './informer.js';
export { InformerCache, type CacheOptions, type ResourceCacheOptions } from './informer-cache.js';
export { OwnWrites, type OwnWritesOptions } from './own-writes.js';
export { SharedInformer } from './shared-informer.js';
