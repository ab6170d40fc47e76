import { cloneJson } from '../json/clone.js';
import type { Logger } from '../log/logger.js';
import type { KubernetesObject } from '../resource.js';
import type { Wire } from '../wire.js';
import type { WebhookRequestContext } from './server.js';

/** GroupVersionKind names a kind in an admission request. */
export interface GroupVersionKind {
  group: string;
  version: string;
  kind: string;
}

/** GroupVersionResource names a resource in an admission request. */
export interface GroupVersionResource {
  group: string;
  version: string;
  resource: string;
}

/** AdmissionOperation is what the request does to the object. */
export type AdmissionOperation = 'CREATE' | 'UPDATE' | 'DELETE' | 'CONNECT';

/** UserInfo is the authenticated user making the request. */
export interface UserInfo {
  username?: string;
  uid?: string;
  groups?: string[];
  extra?: Record<string, string[]>;
}

/** AdmissionRequest is `admission.k8s.io/v1` AdmissionRequest. */
export interface AdmissionRequest {
  /** uid of this request; echoed in the response. */
  uid: string;
  kind: GroupVersionKind;
  resource: GroupVersionResource;
  subResource?: string;
  requestKind?: GroupVersionKind;
  requestResource?: GroupVersionResource;
  requestSubResource?: string;
  /** Name of the object; may be empty on CREATE with generateName. */
  name?: string;
  namespace?: string;
  operation: AdmissionOperation;
  userInfo: UserInfo;
  /** The new object (CREATE, UPDATE). */
  object?: unknown;
  /** The existing object (UPDATE, DELETE). */
  oldObject?: unknown;
  /** True when the request will not be persisted; webhooks with side effects must honour it. */
  dryRun?: boolean;
  /** CreateOptions, UpdateOptions or DeleteOptions of the operation. */
  options?: unknown;
}

/** AdmissionStatus is the `metav1.Status` carried in an admission response. */
export interface AdmissionStatus {
  code?: number;
  reason?: string;
  message?: string;
  status?: 'Success' | 'Failure';
}

/** AdmissionResponse is `admission.k8s.io/v1` AdmissionResponse. */
export interface AdmissionResponse {
  uid: string;
  allowed: boolean;
  status?: AdmissionStatus;
  /** Base64-encoded RFC 6902 JSON patch. */
  patch?: string;
  patchType?: 'JSONPatch';
  auditAnnotations?: Record<string, string>;
  warnings?: string[];
}

/** AdmissionReview is the `admission.k8s.io/v1` envelope of a request and its response. */
export interface AdmissionReview {
  apiVersion: string;
  kind: 'AdmissionReview';
  request?: AdmissionRequest;
  response?: AdmissionResponse;
}

/** AdmissionContext is handed to defaulters and validators. */
export interface AdmissionContext {
  /** The admission request (uid, kind, resource, operation, userInfo, dryRun, namespace, name, ...). */
  request: AdmissionRequest;
  /** Logger carrying the webhook path, request uid, kind, namespace and name. */
  log: Logger;
  /** Aborted when the API server gives up on the request or the server stops. */
  signal: AbortSignal;
}

/** Warnings are messages shown to the client (kubectl prints them) without denying the request. */
export type Warnings = string[];

/**
 * CustomDefaulter sets defaults on objects of kind T by mutating them in place, like controller-runtime's.
 * The object is the JSON of the admission request, so it is typed `Wire<T>` (timestamps are strings).
 */
export interface CustomDefaulter<T extends KubernetesObject = KubernetesObject> {
  /** CustomDefaulter.default mutates obj; throwing denies the request. */
  default(ctx: AdmissionContext, obj: Wire<T>): Promise<void>;
}

/** CustomValidator validates objects of kind T (as `Wire<T>`, see {@link CustomDefaulter}); throwing denies the request with the error message. */
export interface CustomValidator<T extends KubernetesObject = KubernetesObject> {
  /** CustomValidator.validateCreate validates a new object. */
  validateCreate(ctx: AdmissionContext, obj: Wire<T>): Promise<Warnings | void>;
  /** CustomValidator.validateUpdate validates a change. */
  validateUpdate(ctx: AdmissionContext, oldObj: Wire<T>, newObj: Wire<T>): Promise<Warnings | void>;
  /** CustomValidator.validateDelete validates a deletion of the existing object. */
  validateDelete(ctx: AdmissionContext, obj: Wire<T>): Promise<Warnings | void>;
}

/**
 * WireDefaulter is a {@link CustomDefaulter} by its shape, for objects already of a wire type `W`. The
 * webhook builder takes this rather than `CustomDefaulter<W>` so that `CustomDefaulter<Memcached>` is
 * compared method by method (its methods take `Wire<Memcached>`, which is `W`).
 */
export interface WireDefaulter<W> {
  /** WireDefaulter.default is {@link CustomDefaulter.default}. */
  default(ctx: AdmissionContext, obj: W): Promise<void>;
}

/** WireValidator is a {@link CustomValidator} by its shape, for objects of a wire type `W` (see {@link WireDefaulter}). */
export interface WireValidator<W> {
  /** WireValidator.validateCreate is {@link CustomValidator.validateCreate}. */
  validateCreate(ctx: AdmissionContext, obj: W): Promise<Warnings | void>;
  /** WireValidator.validateUpdate is {@link CustomValidator.validateUpdate}. */
  validateUpdate(ctx: AdmissionContext, oldObj: W, newObj: W): Promise<Warnings | void>;
  /** WireValidator.validateDelete is {@link CustomValidator.validateDelete}. */
  validateDelete(ctx: AdmissionContext, obj: W): Promise<Warnings | void>;
}

/** AdmissionError is a denial with a chosen HTTP code and reason (any error with numeric `code` works too). */
export class AdmissionError extends Error {
  /** AdmissionError.name is fixed for logs. */
  override readonly name = 'AdmissionError';
  constructor(
    message: string,
    /** HTTP status code reported to the client; 403 by default. */
    readonly code = 403,
    /** Status reason, such as `Forbidden` or `Invalid`. */
    readonly reason = 'Forbidden',
  ) {
    super(message);
  }
}

const ADMISSION_V1 = 'admission.k8s.io/v1';

/** allowed is a successful response. */
export function allowed(uid: string, warnings?: Warnings): AdmissionResponse {
  return {
    uid,
    allowed: true,
    status: { code: 200 },
    ...(warnings !== undefined && warnings.length > 0 ? { warnings } : {}),
  };
}

/** denied is a refusal: 403 Forbidden with the message, like controller-runtime's `Denied`. */
export function denied(uid: string, message: string, warnings?: Warnings): AdmissionResponse {
  return {
    uid,
    allowed: false,
    status: { code: 403, reason: 'Forbidden', message },
    ...(warnings !== undefined && warnings.length > 0 ? { warnings } : {}),
  };
}

/** errored is a failure to process the request, like controller-runtime's `Errored`. */
export function errored(uid: string, code: number, message: string): AdmissionResponse {
  return { uid, allowed: false, status: { code, message } };
}

/**
 * responseFromError turns a thrown error into a denial: errors carrying an HTTP `code` (400-599) keep it
 * (and their `reason`), anything else is 403 Forbidden with the message.
 */
export function responseFromError(uid: string, err: unknown, warnings?: Warnings): AdmissionResponse {
  const message = err instanceof Error ? err.message : String(err);
  const e = err as { code?: unknown; reason?: unknown } | null;
  if (
    typeof e === 'object' &&
    e !== null &&
    typeof e.code === 'number' &&
    e.code >= 400 &&
    e.code < 600 &&
    e.code !== 403
  ) {
    const reason = typeof e.reason === 'string' ? e.reason : undefined;
    return {
      uid,
      allowed: false,
      status: { code: e.code, message, ...(reason !== undefined ? { reason } : {}) },
      ...(warnings?.length ? { warnings } : {}),
    };
  }
  const resp = denied(uid, message, warnings);
  if (typeof e === 'object' && e !== null && typeof e.reason === 'string' && resp.status !== undefined)
    resp.status.reason = e.reason;
  return resp;
}

/** review wraps a response in an AdmissionReview of the request's apiVersion. */
export function review(response: AdmissionResponse, apiVersion = ADMISSION_V1): AdmissionReview {
  return { apiVersion, kind: 'AdmissionReview', response };
}

/** admissionErrorBody is the server's error body for admission paths: an AdmissionReview the API server can report. */
export function admissionErrorBody(uid: string | undefined, code: number, message: string): AdmissionReview {
  return review(errored(uid ?? '', code, message));
}

/** ParsedReview is a validated AdmissionReview request, or the response to send when it is not one. */
export type ParsedReview =
  { ok: true; request: AdmissionRequest; apiVersion: string } | { ok: false; review: AdmissionReview };

/** parseAdmissionReview checks the envelope: kind AdmissionReview, a request with uid and operation. */
export function parseAdmissionReview(body: unknown): ParsedReview {
  const b = body as Partial<AdmissionReview> | null;
  const apiVersion =
    typeof b?.apiVersion === 'string' && b.apiVersion.startsWith('admission.k8s.io/') ? b.apiVersion : ADMISSION_V1;
  const uid = typeof b?.request?.uid === 'string' ? b.request.uid : '';
  if (typeof b !== 'object' || b === null || b.kind !== 'AdmissionReview') {
    return { ok: false, review: review(errored(uid, 400, 'expected an AdmissionReview'), apiVersion) };
  }
  const req = b.request;
  if (typeof req !== 'object' || req === null || uid === '') {
    return {
      ok: false,
      review: review(errored(uid, 400, 'AdmissionReview has no request or no request.uid'), apiVersion),
    };
  }
  if (!['CREATE', 'UPDATE', 'DELETE', 'CONNECT'].includes(req.operation)) {
    return { ok: false, review: review(errored(uid, 400, `unknown operation ${String(req.operation)}`), apiVersion) };
  }
  return { ok: true, request: req, apiVersion };
}

/**
 * decodeObject checks that a raw object of the request is a JSON object and returns a copy of it. The copy
 * is made without recursion, so the deepest objects the API server stores reach the handler; anything
 * deeper fails with 400 BadRequest (JsonDepthError), never with a stack overflow.
 */
export function decodeObject<T extends KubernetesObject>(raw: unknown, field: 'object' | 'oldObject'): T {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new AdmissionError(`there is no content to decode in request.${field}`, 400, 'BadRequest');
  }
  return cloneJson(raw, `request.${field}`) as T;
}

/** admissionContext builds the context handed to defaulters and validators. */
export function admissionContext(request: AdmissionRequest, ctx: WebhookRequestContext): AdmissionContext {
  const log = ctx.log.child({
    uid: request.uid,
    kind: request.kind?.kind,
    namespace: request.namespace,
    name: request.name,
    operation: request.operation,
  });
  return { request, log, signal: ctx.signal };
}
