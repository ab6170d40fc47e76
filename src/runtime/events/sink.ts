import type { EventsV1Event as ModelEvent } from '@kubernetes/client-node';
import { builtin } from '../builtin.js';
import type { Client } from '../client/client.js';
import type { Wire } from '../wire.js';

type EventsV1Event = Wire<ModelEvent>;

/** EventSink is where an event recorder writes: create an Event, and update the series of one it created. */
export interface EventSink {
  /** EventSink.post creates the Event. */
  post(event: EventsV1Event): Promise<void>;
  /** EventSink.patch updates `series` of an existing Event with a merge patch. */
  patch(event: EventsV1Event): Promise<void>;
}

/**
 * eventSinkFor writes events through a {@link Client} (never the cache): create for new events, a merge
 * patch of `series` for repeats. Needs RBAC `events.k8s.io` `events` verbs create and patch.
 */
export function eventSinkFor(client: Client): EventSink {
  return {
    async post(event) {
      await client.create(builtin.Event, event);
    },
    async patch(event) {
      const key = { namespace: event.metadata?.namespace ?? 'default', name: event.metadata?.name ?? '' };
      await client.patch(builtin.Event, key, { type: 'merge', data: { series: event.series } });
    },
  };
}
