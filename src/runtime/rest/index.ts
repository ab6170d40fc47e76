/**
 * operator-ts/runtime/rest: the REST layer under the client, after client-go's `rest` package: a
 * {@link KubeTransport} (keep-alive HTTP/1.1 with the cluster's credentials, inactivity timeouts on
 * watches, `rest_client_requests_total`), a {@link RestClient} that speaks raw JSON to the API server
 * (CRUD, the status subresource, each patch kind, paginated lists, watches with bookmarks) and the
 * {@link ApiError}s it throws. Reconcilers use the cached client instead; this is for tools, tests and
 * parts of the runtime.
 *
 * @packageDocumentation
 */
export { ApiError, isAlreadyExists, isConflict, isGone, isNotFound, retryAfterMs } from './api-error.js';
export type { ClusterAccess, ClusterInfo } from './cluster-access.js';
export {
  PATCH_CONTENT_TYPES,
  RestClient,
  type DeleteOptions,
  type JsonPatchOperation,
  type ListResult,
  type Patch,
  type RestListOptions,
  type RestWatchOptions,
  type RestWriteOptions,
} from './rest-client.js';
export {
  InactivityTimeoutError,
  KubeTransport,
  type KubeTransportOptions,
  type Transport,
  type TransportRequest,
} from './transport.js';
export type { WatchEvent, WatchEventType } from './watch-stream.js';
