import type { V1Container, V1Pod, V1Volume } from '@kubernetes/client-node';
import { cloneJson } from '../json/clone.js';
import type { Wire } from '../wire.js';
import type { WebhookHandler } from './server.js';
import {
  AdmissionError,
  admissionContext,
  allowed,
  decodeObject,
  parseAdmissionReview,
  responseFromError,
  review,
  type AdmissionContext,
  type AdmissionResponse,
  type Warnings,
} from './admission.js';
import { patchResponse } from './defaulting.js';

/** Pod is a Pod as an admission request carries it (timestamps are strings). */
type Pod = Wire<V1Pod>;

/** Container is a container of a {@link Pod}. */
type Container = Wire<V1Container>;

/** Volume is a volume of a {@link Pod}. */
type Volume = Wire<V1Volume>;

/**
 * SidecarTemplate is what {@link SidecarInjectorOptions.render} returns for one Pod: the containers appended
 * to `spec.containers`, and optionally init containers (a native sidecar is an init container with
 * `restartPolicy: Always`) and volumes appended to the Pod's own.
 */
export interface SidecarTemplate {
  containers: Container[];
  initContainers?: Container[];
  volumes?: Volume[];
}

/**
 * InjectedSidecar is what one injection added to a Pod, handed to {@link SidecarInjectionHooks.postMutate}:
 * the entries are the objects inside the Pod, so changing them changes what is admitted.
 */
export interface InjectedSidecar {
  containers: Container[];
  initContainers: Container[];
  volumes: Volume[];
}

/**
 * SidecarInjectionStatus is the JSON of the status annotation an injection leaves on the Pod (after Istio's
 * `sidecar.istio.io/status`): the names of what was injected. Its presence means "already injected".
 */
export interface SidecarInjectionStatus {
  containers: string[];
  initContainers: string[];
  volumes: string[];
}

/**
 * SkipInjection is what {@link SidecarInjectionHooks.preMutate} returns to leave a Pod without a sidecar;
 * the reason is logged.
 */
export interface SkipInjection {
  skip: string;
}

/**
 * SidecarInjectionHooks are the extension points of a {@link SidecarInjector}. Each may be async; a hook
 * that throws denies the admission (403 with its message, or the error's own `code`, as
 * {@link AdmissionError} sets it).
 */
export interface SidecarInjectionHooks {
  /**
   * preMutate runs for a Pod that asks for injection and has none yet, before the sidecar is rendered:
   * return `{ skip: reason }` to admit it without a sidecar (a tenant or namespace allow-list), or throw
   * to refuse it. It may also change the Pod.
   */
  preMutate?(ctx: AdmissionContext, pod: Pod): Promise<SkipInjection | void> | SkipInjection | void;
  /**
   * postMutate runs after the sidecar was added to the Pod, with the added entries (extra proxy arguments,
   * per-Pod environment).
   */
  postMutate?(ctx: AdmissionContext, pod: Pod, injected: InjectedSidecar): Promise<void> | void;
  /**
   * validate checks every Pod the webhook admits (created or updated, injected or not), as it will be
   * stored: throw to deny with the message (an image-signature rule), return strings to warn.
   */
  validate?(ctx: AdmissionContext, pod: Pod): Promise<Warnings | void> | Warnings | void;
}

/** SidecarInjectorOptions configure a {@link SidecarInjector}. */
export interface SidecarInjectorOptions extends SidecarInjectionHooks {
  /**
   * Annotation prefix, such as `sidecar.example.com`: a Pod asks for a sidecar with the annotation
   * `<prefix>/inject: "true"`, and an injected Pod carries `<prefix>/status`.
   */
  annotationPrefix: string;
  /** render returns the sidecar of one Pod (image, arguments, resources may depend on the Pod). */
  render(ctx: AdmissionContext, pod: Pod): Promise<SidecarTemplate> | SidecarTemplate;
}

/** InjectionOutcome tells what {@link SidecarInjector.mutate} did to a Pod. */
export type InjectionOutcome = { injected: true; sidecar: InjectedSidecar } | { injected: false; reason: string };

const PREFIX = /^(?=.{1,253}$)[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

/**
 * SidecarInjector injects a sidecar into Pods that ask for one by annotation, the way Istio's injector does:
 * only on `<prefix>/inject: "true"`, and never twice: a Pod carrying the `<prefix>/status` annotation, or
 * already holding a container of the sidecar's name, is left as it is, so re-admission, reinvocation
 * (`reinvocationPolicy: IfNeeded`) and a Pod injected by other means are safe. Serve it with
 * `newWebhookManagedBy(mgr).for(builtin.Pod).withSidecarInjector(injector)` or {@link SidecarInjector.handler}.
 */
export class SidecarInjector {
  /** SidecarInjector.injectAnnotation is `<prefix>/inject`, the opt-in annotation. */
  readonly injectAnnotation: string;
  /** SidecarInjector.statusAnnotation is `<prefix>/status`, set on injected Pods. */
  readonly statusAnnotation: string;

  constructor(private readonly options: SidecarInjectorOptions) {
    if (!PREFIX.test(options.annotationPrefix))
      throw new Error(
        `SidecarInjector: annotationPrefix ${JSON.stringify(options.annotationPrefix)} must be a DNS subdomain, ` +
          'such as sidecar.example.com',
      );
    this.injectAnnotation = `${options.annotationPrefix}/inject`;
    this.statusAnnotation = `${options.annotationPrefix}/status`;
  }

  /**
   * SidecarInjector.mutate injects the sidecar into `pod` in place when it asks for one and has none: it
   * runs preMutate, render, appends the rendered entries, writes the status annotation, then runs postMutate.
   */
  async mutate(ctx: AdmissionContext, pod: Pod): Promise<InjectionOutcome> {
    const annotations = pod.metadata?.annotations ?? {};
    if (annotations[this.injectAnnotation] !== 'true')
      return { injected: false, reason: `no ${this.injectAnnotation}: "true" annotation` };
    if (annotations[this.statusAnnotation] !== undefined)
      return { injected: false, reason: `already injected (${this.statusAnnotation})` };
    const decision = await this.options.preMutate?.(ctx, pod);
    if (decision !== undefined && decision !== null) return { injected: false, reason: decision.skip };
    const template = await this.options.render(ctx, pod);
    pod.spec ??= { containers: [] };
    const spec = pod.spec;
    spec.containers ??= [];
    const present = new Set([...spec.containers, ...(spec.initContainers ?? [])].map((c) => c.name));
    const clash = [...template.containers, ...(template.initContainers ?? [])].find((c) => present.has(c.name));
    if (clash !== undefined) return { injected: false, reason: `the Pod already has a container named ${clash.name}` };
    const volumeNames = new Set((spec.volumes ?? []).map((v) => v.name));
    const clashingVolume = (template.volumes ?? []).find((v) => volumeNames.has(v.name));
    // Dropping one of two same-named volumes would leave the sidecar or the app reading the wrong one.
    if (clashingVolume !== undefined)
      throw new AdmissionError(
        `the Pod already has a volume named ${clashingVolume.name}, which the sidecar needs`,
        400,
        'BadRequest',
      );
    const injected: InjectedSidecar = {
      containers: template.containers.map((c) => cloneJson(c)),
      initContainers: (template.initContainers ?? []).map((c) => cloneJson(c)),
      volumes: (template.volumes ?? []).map((v) => cloneJson(v)),
    };
    spec.containers.push(...injected.containers);
    if (injected.initContainers.length > 0) (spec.initContainers ??= []).push(...injected.initContainers);
    if (injected.volumes.length > 0) (spec.volumes ??= []).push(...injected.volumes);
    const status: SidecarInjectionStatus = {
      containers: injected.containers.map((c) => c.name),
      initContainers: injected.initContainers.map((c) => c.name),
      volumes: injected.volumes.map((v) => v.name),
    };
    pod.metadata ??= {};
    pod.metadata.annotations = { ...pod.metadata.annotations, [this.statusAnnotation]: JSON.stringify(status) };
    await this.options.postMutate?.(ctx, pod, injected);
    return { injected: true, sidecar: injected };
  }

  /** SidecarInjector.status reads the status annotation of a Pod, or undefined when it was not injected. */
  status(pod: Pod): SidecarInjectionStatus | undefined {
    const raw = pod.metadata?.annotations?.[this.statusAnnotation];
    if (raw === undefined) return undefined;
    try {
      const parsed = JSON.parse(raw) as Partial<SidecarInjectionStatus>;
      return {
        containers: parsed.containers ?? [],
        initContainers: parsed.initContainers ?? [],
        volumes: parsed.volumes ?? [],
      };
    } catch {
      // Written by someone else: still "injected", with nothing known about what.
      return { containers: [], initContainers: [], volumes: [] };
    }
  }

  /**
   * SidecarInjector.handler serves the injector as a mutating admission webhook for Pods. CREATE may
   * inject; UPDATE never does (a Pod's containers are immutable) but is validated; DELETE and CONNECT are
   * allowed. The answer is the JSON patch from the requested Pod to the admitted one, with validate's
   * warnings.
   */
  handler(): WebhookHandler {
    return async (body, ctx) => {
      const parsed = parseAdmissionReview(body);
      if (!parsed.ok) return parsed.review;
      const { request, apiVersion } = parsed;
      if (request.operation !== 'CREATE' && request.operation !== 'UPDATE')
        return review(allowed(request.uid), apiVersion);
      const actx = admissionContext(request, ctx);
      let response: AdmissionResponse;
      try {
        if ((request.kind?.group ?? '') !== '' || request.kind?.kind !== 'Pod')
          throw new AdmissionError(
            `the sidecar injector admits Pods, not ${request.kind?.kind ?? 'an unknown kind'}`,
            400,
            'BadRequest',
          );
        const original = decodeObject<Pod>(request.object, 'object');
        const pod = cloneJson(original);
        if (request.operation === 'CREATE') {
          const outcome = await this.mutate(actx, pod);
          if (outcome.injected)
            actx.log.debug({ containers: outcome.sidecar.containers.map((c) => c.name) }, 'sidecar injected');
          else actx.log.debug({ reason: outcome.reason }, 'sidecar not injected');
        }
        const warnings = await this.options.validate?.(actx, pod);
        response = patchResponse(request.uid, original, pod);
        const list = Array.isArray(warnings) ? warnings.filter((w) => typeof w === 'string' && w !== '') : [];
        if (list.length > 0) response.warnings = list;
      } catch (err) {
        actx.log.debug({ err }, 'sidecar injection denied');
        response = responseFromError(request.uid, err);
      }
      return review(response, apiVersion);
    };
  }
}

/** SIDECAR_INJECTION_PATH is where `withSidecarInjector` serves an injector, the path the scaffolded marker names. */
export const SIDECAR_INJECTION_PATH = '/inject--v1-pod';
