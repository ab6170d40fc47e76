/**
 * operator-ts/runtime/webhook: admission and conversion webhooks, after controller-runtime's `pkg/webhook`.
 * `newWebhookManagedBy(mgr)` registers a kind's {@link CustomDefaulter} and {@link CustomValidator} at the
 * paths controller-gen's markers name ({@link defaultingPath}, {@link validationPath}) and its conversions at
 * {@link CONVERSION_PATH}; a {@link SidecarInjector} injects a sidecar into Pods that ask for one by
 * annotation. The {@link WebhookServer} serves them over TLS. The admission and conversion review types are
 * the wire format of `admission.k8s.io/v1` and `apiextensions.k8s.io/v1`.
 *
 * @packageDocumentation
 */
export {
  AdmissionError,
  type AdmissionContext,
  type AdmissionOperation,
  type AdmissionRequest,
  type AdmissionResponse,
  type AdmissionReview,
  type CustomDefaulter,
  type CustomValidator,
  type UserInfo,
  type Warnings,
} from './admission.js';
export {
  CONVERSION_PATH,
  WebhookBuilder,
  defaultingPath,
  newWebhookManagedBy,
  validationPath,
  type WebhookManager,
} from './builder.js';
export {
  ConversionRegistry,
  type ConversionRequest,
  type ConversionResponse,
  type ConversionReview,
  type HubSpokeConversion,
  type SpokeConversion,
} from './conversion.js';
export { defaultingHandler } from './defaulting.js';
export {
  SIDECAR_INJECTION_PATH,
  SidecarInjector,
  type InjectedSidecar,
  type InjectionOutcome,
  type SidecarInjectionHooks,
  type SidecarInjectionStatus,
  type SidecarInjectorOptions,
  type SidecarTemplate,
  type SkipInjection,
} from './sidecar-injection.js';
export { validatingHandler } from './validating.js';
export {
  WebhookServer,
  type WebhookHandler,
  type WebhookRegistrationOptions,
  type WebhookRequestContext,
  type WebhookServerOptions,
} from './server.js';
