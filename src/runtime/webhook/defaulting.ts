import { cloneJson } from '../json/clone.js';
import { createJsonPatch } from '../json/json-patch.js';
import { stringifyJson } from '../json/stringify.js';
import type { KubernetesObject, ResourceDescriptor } from '../resource.js';
import { encodeDates } from '../wire.js';
import type { WebhookHandler } from './server.js';
import {
  admissionContext,
  allowed,
  decodeObject,
  parseAdmissionReview,
  responseFromError,
  review,
  type AdmissionResponse,
  type WireDefaulter,
} from './admission.js';

/**
 * defaultingHandler serves a mutating admission webhook for one kind: on CREATE and UPDATE it hands a copy
 * of `request.object` to the defaulter and answers with the JSON patch from the original to the mutated
 * object (base64, `patchType: JSONPatch`; no patch when nothing changed). Other operations are allowed
 * untouched, as in controller-runtime. A throwing defaulter denies the request (403, or the error's code).
 */
export function defaultingHandler<T extends KubernetesObject>(
  resource: ResourceDescriptor<T>,
  defaulter: WireDefaulter<T>,
): WebhookHandler {
  return async (body, ctx) => {
    const parsed = parseAdmissionReview(body);
    if (!parsed.ok) return parsed.review;
    const { request, apiVersion } = parsed;
    if (request.operation !== 'CREATE' && request.operation !== 'UPDATE')
      return review(allowed(request.uid), apiVersion);
    const actx = admissionContext(request, ctx);
    let response: AdmissionResponse;
    try {
      checkKind(resource, request.kind?.group, request.kind?.kind);
      const original = decodeObject<T>(request.object, 'object');
      const obj = cloneJson(original);
      await defaulter.default(actx, obj);
      response = patchResponse(request.uid, original, obj);
    } catch (err) {
      actx.log.debug({ err }, 'defaulting denied');
      response = responseFromError(request.uid, err);
    }
    return review(response, apiVersion);
  };
}

/** patchResponse allows the request with the JSON patch that turns `original` into `mutated`. */
export function patchResponse(uid: string, original: unknown, mutated: unknown): AdmissionResponse {
  // Round-trip through JSON so that undefined fields compare the way the API server will see them, with
  // any Date a defaulter put in written as the client writes it. Each step is stack-safe: JSON.parse is
  // iterative in V8, stringifyJson and createJsonPatch walk with their own stacks.
  const before = JSON.parse(stringifyJson(original)) as object;
  const after = JSON.parse(stringifyJson(encodeDates(mutated), 'the defaulted object')) as object;
  const ops = createJsonPatch(before, after);
  const response = allowed(uid);
  if (ops.length === 0) return response;
  return {
    ...response,
    patchType: 'JSONPatch',
    patch: Buffer.from(stringifyJson(ops, 'the JSON patch')).toString('base64'),
  };
}

/** checkKind refuses requests for another kind than the webhook was registered for (a misconfigured path). */
export function checkKind(resource: ResourceDescriptor, group: string | undefined, kind: string | undefined): void {
  if (kind !== undefined && (kind !== resource.kind || (group ?? '') !== resource.group)) {
    const err = new Error(
      `webhook for ${resource.kind}.${resource.group} received a ${kind}.${group ?? ''}`,
    ) as Error & { code: number; reason: string };
    err.code = 400;
    err.reason = 'BadRequest';
    throw err;
  }
}
