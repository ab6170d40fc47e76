import type { KubernetesObject } from '../resource.js';
import { cloneJson } from '../json/clone.js';
import { encodeDates, type Wire } from '../wire.js';
import type { WebhookHandler } from './server.js';

/** ConversionRequest is `apiextensions.k8s.io/v1` ConversionRequest. */
export interface ConversionRequest {
  uid: string;
  /** `group/version` every object must be converted to. */
  desiredAPIVersion: string;
  objects: KubernetesObject[];
}

/** ConversionResponse is `apiextensions.k8s.io/v1` ConversionResponse. */
export interface ConversionResponse {
  uid: string;
  convertedObjects: KubernetesObject[];
  result: { status: 'Success' | 'Failure'; message?: string };
}

/** ConversionReview is the `apiextensions.k8s.io/v1` envelope of a conversion request and its response. */
export interface ConversionReview {
  apiVersion: string;
  kind: 'ConversionReview';
  request?: ConversionRequest;
  response?: ConversionResponse;
}

/**
 * SpokeConversion converts one spoke version to and from the hub. Written as methods so that typed
 * functions such as `(o: Wire<V1Memcached>): Wire<V2Memcached> => ...` are accepted. Objects are the JSON
 * of the ConversionReview, hence wire types (timestamps are strings).
 */
export interface SpokeConversion<Hub extends KubernetesObject = KubernetesObject> {
  /** SpokeConversion.toHub converts a spoke object to the hub version. */
  toHub(spoke: Wire<KubernetesObject>): Wire<Hub>;
  /** SpokeConversion.fromHub converts a hub object to the spoke version. */
  fromHub(hub: Wire<Hub>): KubernetesObject;
}

/** HubSpokeConversion is the conversion of one kind: its hub (storage) version and a converter per spoke. */
export interface HubSpokeConversion<Hub extends KubernetesObject = KubernetesObject> {
  /** Hub version, such as `v2`. */
  hub: string;
  /** Converters keyed by spoke version, such as `{ v1: { toHub, fromHub } }`. */
  spokes: Record<string, SpokeConversion<Hub>>;
}

const CONVERSION_V1 = 'apiextensions.k8s.io/v1';

/**
 * ConversionRegistry holds the hub-and-spoke conversions of every kind served by one `/convert`
 * endpoint, keyed by group and kind, like controller-runtime's conversion webhook with its scheme.
 */
export class ConversionRegistry {
  private readonly kinds = new Map<string, HubSpokeConversion>();

  /** ConversionRegistry.add registers the conversion of a kind; a kind can be registered once. */
  add(group: string, kind: string, conversion: HubSpokeConversion): void {
    const key = `${group}/${kind}`;
    if (this.kinds.has(key)) throw new Error(`conversion for ${kind}.${group} is already registered`);
    if (Object.hasOwn(conversion.spokes, conversion.hub))
      throw new Error(`conversion for ${kind}.${group}: hub version ${conversion.hub} cannot also be a spoke`);
    this.kinds.set(key, conversion);
  }

  /** ConversionRegistry.convert converts one object to `desiredAPIVersion`, through the hub when needed. */
  convert(obj: KubernetesObject, desiredAPIVersion: string): KubernetesObject {
    const [fromGroup, fromVersion] = splitApiVersion(obj.apiVersion ?? '');
    const [toGroup, toVersion] = splitApiVersion(desiredAPIVersion);
    const kind = obj.kind ?? '';
    if (fromGroup !== toGroup)
      throw new Error(`cannot convert ${kind} from group "${fromGroup}" to group "${toGroup}"`);
    const conversion = this.kinds.get(`${fromGroup}/${kind}`);
    if (conversion === undefined) throw new Error(`no conversion registered for ${kind}.${fromGroup}`);
    const known = (v: string) => v === conversion.hub || Object.hasOwn(conversion.spokes, v);
    for (const v of [fromVersion, toVersion]) {
      if (!known(v)) {
        throw new Error(
          `${kind}.${fromGroup} version "${v}" is not convertible: known versions are ${[conversion.hub, ...Object.keys(conversion.spokes)].join(', ')}`,
        );
      }
    }
    let converted: KubernetesObject;
    if (fromVersion === toVersion) {
      converted = cloneJson(obj);
    } else {
      const hub: Wire<KubernetesObject> =
        fromVersion === conversion.hub
          ? cloneJson(obj as Wire<KubernetesObject>)
          : conversion.spokes[fromVersion]!.toHub(cloneJson(obj as Wire<KubernetesObject>));
      converted = toVersion === conversion.hub ? hub : conversion.spokes[toVersion]!.fromHub(hub);
    }
    // A converter may have put Dates in: send them as the API server writes timestamps.
    return encodeDates({ ...converted, apiVersion: desiredAPIVersion, kind, metadata: keepMetadata(obj, converted) });
  }

  /** ConversionRegistry.handler serves ConversionReview requests for every registered kind. */
  handler(): WebhookHandler {
    return async (body, ctx) => {
      const b = body as Partial<ConversionReview> | null;
      const apiVersion =
        typeof b?.apiVersion === 'string' && b.apiVersion.startsWith('apiextensions.k8s.io/')
          ? b.apiVersion
          : CONVERSION_V1;
      const req = b?.request;
      const uid = typeof req?.uid === 'string' ? req.uid : '';
      if (
        typeof b !== 'object' ||
        b === null ||
        b.kind !== 'ConversionReview' ||
        typeof req !== 'object' ||
        req === null ||
        uid === ''
      ) {
        return conversionFailure(uid, 'expected a ConversionReview with request.uid', apiVersion);
      }
      if (typeof req.desiredAPIVersion !== 'string' || !Array.isArray(req.objects)) {
        return conversionFailure(uid, 'ConversionReview request needs desiredAPIVersion and objects', apiVersion);
      }
      try {
        const convertedObjects = req.objects.map((o) => this.convert(o, req.desiredAPIVersion));
        return {
          apiVersion,
          kind: 'ConversionReview',
          response: { uid, convertedObjects, result: { status: 'Success' } },
        } satisfies ConversionReview;
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        ctx.log.info({ uid, desiredAPIVersion: req.desiredAPIVersion, err: message }, 'conversion failed');
        return conversionFailure(uid, message, apiVersion);
      }
    };
  }
}

/** conversionFailure is a ConversionReview whose result is Failure. */
export function conversionFailure(uid: string, message: string, apiVersion = CONVERSION_V1): ConversionReview {
  return {
    apiVersion,
    kind: 'ConversionReview',
    response: { uid, convertedObjects: [], result: { status: 'Failure', message } },
  };
}

/** conversionErrorBody is the server's error body for the conversion path. */
export function conversionErrorBody(uid: string | undefined, code: number, message: string): ConversionReview {
  return conversionFailure(uid ?? '', `${code}: ${message}`);
}

/**
 * keepMetadata returns the original metadata, taking only labels and annotations from the converted object:
 * the API server rejects conversions that change anything else in metadata.
 */
function keepMetadata(original: KubernetesObject, converted: KubernetesObject): KubernetesObject['metadata'] {
  const meta = cloneJson(original.metadata ?? {});
  if (converted.metadata?.labels !== undefined) meta.labels = cloneJson(converted.metadata.labels);
  if (converted.metadata?.annotations !== undefined) meta.annotations = cloneJson(converted.metadata.annotations);
  return meta;
}

function splitApiVersion(apiVersion: string): [string, string] {
  const slash = apiVersion.indexOf('/');
  return slash < 0 ? ['', apiVersion] : [apiVersion.slice(0, slash), apiVersion.slice(slash + 1)];
}
