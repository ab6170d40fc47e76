/**
 * operator-ts/runtime/events: Kubernetes Events about the objects a controller manages, as
 * `events.k8s.io/v1` Events with client-go's spam filter and aggregation. Reconcilers use the
 * {@link EventRecorder} from `mgr.getEventRecorderFor(name)`; {@link newEventRecorder} and
 * {@link eventSinkFor} build one outside a manager.
 *
 * @packageDocumentation
 */
export {
  newEventRecorder,
  type EventRecorder,
  type EventRecorderOptions,
  type EventType,
  type RecordingEventRecorder,
} from './recorder.js';
export { eventSinkFor, type EventSink } from './sink.js';
