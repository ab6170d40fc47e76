import type { Logger } from '../log/logger.js';
import type { KubernetesObject, ResourceDescriptor } from '../resource.js';
import { admissionErrorBody, type WireDefaulter, type WireValidator } from './admission.js';
import { ConversionRegistry, conversionErrorBody, type HubSpokeConversion } from './conversion.js';
import { defaultingHandler } from './defaulting.js';
import type { WebhookServer } from './server.js';
import { SIDECAR_INJECTION_PATH, type SidecarInjector } from './sidecar-injection.js';
import { validatingHandler } from './validating.js';

/** WebhookManager is what {@link newWebhookManagedBy} needs of a manager. */
export interface WebhookManager {
  getWebhookServer(): WebhookServer;
  logger: Logger;
}

/** CONVERSION_PATH is where conversion webhooks are served, as in controller-runtime and the CRD patch kubebuilder scaffolds. */
export const CONVERSION_PATH = '/convert';

/**
 * defaultingPath is the path of a kind's mutating webhook: `/mutate-<group with dots as dashes>-<version>-<lower-case kind>`
 * (`/mutate--v1-pod` for the core group), the path controller-runtime serves and kubebuilder's markers name.
 */
export function defaultingPath(resource: Pick<ResourceDescriptor, 'group' | 'version' | 'kind'>): string {
  return `/mutate-${pathSuffix(resource)}`;
}

/** validationPath is the path of a kind's validating webhook: `/validate-<group dashed>-<version>-<lower-case kind>`. */
export function validationPath(resource: Pick<ResourceDescriptor, 'group' | 'version' | 'kind'>): string {
  return `/validate-${pathSuffix(resource)}`;
}

function pathSuffix(resource: Pick<ResourceDescriptor, 'group' | 'version' | 'kind'>): string {
  return `${resource.group.replaceAll('.', '-')}-${resource.version}-${resource.kind.toLowerCase()}`;
}

const registries = new WeakMap<WebhookServer, ConversionRegistry>();
const conversionCRDs = new WeakMap<WebhookServer, Set<string>>();

/**
 * conversionCRDNames lists the CRDs (`<plural>.<group>`) whose conversion a server serves: the targets of
 * self-managed certificates' CA bundle injection when none are named.
 */
export function conversionCRDNames(server: WebhookServer): string[] {
  return [...(conversionCRDs.get(server) ?? [])].sort();
}

/** conversionRegistryFor returns the one conversion registry of a server, registering `/convert` on first use. */
export function conversionRegistryFor(server: WebhookServer): ConversionRegistry {
  let registry = registries.get(server);
  if (registry === undefined) {
    registry = new ConversionRegistry();
    registries.set(server, registry);
    server.register(CONVERSION_PATH, registry.handler(), { errorBody: conversionErrorBody });
  }
  return registry;
}

/** WebhookBuilder wires defaulting, validation and conversion webhooks of one kind into the webhook server. */
export class WebhookBuilder<T extends KubernetesObject = KubernetesObject> {
  private resource: ResourceDescriptor<T> | undefined;
  private defaulter: WireDefaulter<T> | undefined;
  private validator: WireValidator<T> | undefined;
  private conversion: HubSpokeConversion<T> | undefined;
  private injector: SidecarInjector | undefined;
  private injectorPath: string | undefined;
  private customDefaulterPath: string | undefined;
  private customValidatorPath: string | undefined;

  constructor(private readonly mgr: WebhookManager) {}

  /** WebhookBuilder.for names the kind the webhooks are for (the hub kind for conversion). */
  for<U extends KubernetesObject>(resource: ResourceDescriptor<U>): WebhookBuilder<U> {
    const self = this as unknown as WebhookBuilder<U>;
    if (self.resource !== undefined)
      throw new Error(`newWebhookManagedBy: for() called twice (${self.resource.kind} and ${resource.kind})`);
    self.resource = resource;
    return self;
  }

  /** WebhookBuilder.withDefaulter serves a mutating webhook calling `defaulter.default`. */
  withDefaulter(defaulter: WireDefaulter<T>): this {
    this.defaulter = defaulter;
    return this;
  }

  /** WebhookBuilder.withValidator serves a validating webhook calling the validator. */
  withValidator(validator: WireValidator<T>): this {
    this.validator = validator;
    return this;
  }

  /** WebhookBuilder.withConversion serves hub-and-spoke conversion of the kind at `/convert`. */
  withConversion(conversion: HubSpokeConversion<T>): this {
    this.conversion = conversion;
    return this;
  }

  /**
   * WebhookBuilder.withSidecarInjector serves a Pod sidecar injector as a mutating webhook at
   * {@link SIDECAR_INJECTION_PATH} (or `path`), next to any defaulting webhook of Pods; only for Pods.
   */
  withSidecarInjector(injector: SidecarInjector, path?: string): this {
    this.injector = injector;
    this.injectorPath = path === undefined ? undefined : checkPath(path);
    return this;
  }

  /** WebhookBuilder.withDefaulterPath overrides the mutating webhook path (kubebuilder's `--defaulting-path`). */
  withDefaulterPath(path: string): this {
    this.customDefaulterPath = checkPath(path);
    return this;
  }

  /** WebhookBuilder.withValidatorPath overrides the validating webhook path (kubebuilder's `--validation-path`). */
  withValidatorPath(path: string): this {
    this.customValidatorPath = checkPath(path);
    return this;
  }

  /** WebhookBuilder.complete registers the webhooks; it throws when nothing or no kind was configured. */
  complete(): void {
    const resource = this.resource;
    if (resource === undefined) throw new Error('newWebhookManagedBy: call for(<Kind>Resource) before complete()');
    const nothing = [this.defaulter, this.validator, this.conversion, this.injector].every((x) => x === undefined);
    if (nothing) {
      throw new Error(
        `newWebhookManagedBy(${resource.kind}): configure withDefaulter, withValidator, withConversion or ` +
          'withSidecarInjector before complete()',
      );
    }
    if (this.injector !== undefined && (resource.group !== '' || resource.kind !== 'Pod'))
      throw new Error(`withSidecarInjector injects into Pods: call for(builtin.Pod), not for(${resource.kind})`);
    if (this.customDefaulterPath !== undefined && this.defaulter === undefined)
      throw new Error('withDefaulterPath needs withDefaulter');
    if (this.customValidatorPath !== undefined && this.validator === undefined)
      throw new Error('withValidatorPath needs withValidator');
    const server = this.mgr.getWebhookServer();
    const log = this.mgr.logger;
    if (this.defaulter !== undefined) {
      const path = this.customDefaulterPath ?? defaultingPath(resource);
      server.register(path, defaultingHandler(resource, this.defaulter), { errorBody: admissionErrorBody });
      log.info({ kind: resource.kind, group: resource.group, path }, 'registered defaulting webhook');
    }
    if (this.validator !== undefined) {
      const path = this.customValidatorPath ?? validationPath(resource);
      server.register(path, validatingHandler(resource, this.validator), { errorBody: admissionErrorBody });
      log.info({ kind: resource.kind, group: resource.group, path }, 'registered validating webhook');
    }
    if (this.injector !== undefined) {
      const path = this.injectorPath ?? SIDECAR_INJECTION_PATH;
      server.register(path, this.injector.handler(), { errorBody: admissionErrorBody });
      const annotation = this.injector.injectAnnotation;
      log.info({ kind: resource.kind, path, annotation }, 'registered sidecar injection webhook');
    }
    if (this.conversion !== undefined) {
      conversionRegistryFor(server).add(
        resource.group,
        resource.kind,
        this.conversion as unknown as HubSpokeConversion,
      );
      const crds = conversionCRDs.get(server) ?? new Set<string>();
      crds.add(`${resource.plural}.${resource.group}`);
      conversionCRDs.set(server, crds);
      log.info(
        { kind: resource.kind, group: resource.group, hub: this.conversion.hub, path: CONVERSION_PATH },
        'registered conversion webhook',
      );
    }
  }
}

/**
 * newWebhookManagedBy starts a webhook builder, after controller-runtime's `ctrl.NewWebhookManagedBy`:
 * `newWebhookManagedBy(mgr).for(MemcachedResource).withDefaulter(d).withValidator(v).complete()`.
 */
export function newWebhookManagedBy(mgr: WebhookManager): WebhookBuilder {
  return new WebhookBuilder(mgr);
}

function checkPath(path: string): string {
  if (!path.startsWith('/') || /\s/.test(path))
    throw new Error(`webhook path "${path}" must start with "/" and contain no spaces`);
  return path;
}
