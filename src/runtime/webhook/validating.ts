import type { KubernetesObject, ResourceDescriptor } from '../resource.js';
import type { WebhookHandler } from './server.js';
import {
  admissionContext,
  allowed,
  decodeObject,
  parseAdmissionReview,
  responseFromError,
  review,
  type AdmissionResponse,
  type WireValidator,
  type Warnings,
} from './admission.js';
import { checkKind } from './defaulting.js';

/**
 * validatingHandler serves a validating admission webhook for one kind: CREATE calls `validateCreate`
 * with `request.object`, UPDATE `validateUpdate` with `oldObject` and `object`, DELETE `validateDelete`
 * with `oldObject`; CONNECT is allowed. Returned strings become warnings; a thrown error denies the
 * request (403 Forbidden with its message, or the error's own `code`).
 */
export function validatingHandler<T extends KubernetesObject>(
  resource: ResourceDescriptor<T>,
  validator: WireValidator<T>,
): WebhookHandler {
  return async (body, ctx) => {
    const parsed = parseAdmissionReview(body);
    if (!parsed.ok) return parsed.review;
    const { request, apiVersion } = parsed;
    const actx = admissionContext(request, ctx);
    let response: AdmissionResponse;
    try {
      checkKind(resource, request.kind?.group, request.kind?.kind);
      let warnings: Warnings | void;
      switch (request.operation) {
        case 'CREATE':
          warnings = await validator.validateCreate(actx, decodeObject<T>(request.object, 'object'));
          break;
        case 'UPDATE':
          warnings = await validator.validateUpdate(
            actx,
            decodeObject<T>(request.oldObject, 'oldObject'),
            decodeObject<T>(request.object, 'object'),
          );
          break;
        case 'DELETE':
          warnings = await validator.validateDelete(actx, decodeObject<T>(request.oldObject, 'oldObject'));
          break;
        default:
          warnings = undefined;
      }
      response = allowed(request.uid, normaliseWarnings(warnings));
    } catch (err) {
      actx.log.debug({ err }, 'validation denied');
      response = responseFromError(request.uid, err, warningsOf(err));
    }
    return review(response, apiVersion);
  };
}

function normaliseWarnings(w: Warnings | void): Warnings | undefined {
  if (!Array.isArray(w)) return undefined;
  return w.filter((x): x is string => typeof x === 'string' && x !== '');
}

/** warningsOf reads warnings attached to a denial (`err.warnings`), which controller-runtime also returns. */
function warningsOf(err: unknown): Warnings | undefined {
  const w = (err as { warnings?: unknown } | null)?.warnings;
  return Array.isArray(w) ? normaliseWarnings(w as Warnings) : undefined;
}
