import type { MarkerDefinition } from '../markers/definition.js';
import type { MarkerRegistry } from '../markers/registry.js';

/**
 * WEBHOOK_MARKER is `+kubebuilder:webhook`, one admission webhook entry, as controller-tools defines it
 * in pkg/webhook/parser.go (Config). {@link buildWebhookManifests} reads its values.
 */
export const WEBHOOK_MARKER: MarkerDefinition = {
  name: 'kubebuilder:webhook',
  targets: ['package'],
  args: [
    { name: 'mutating', type: 'bool' },
    { name: 'failurePolicy', type: 'string', oneOf: ['fail', 'ignore'], caseInsensitive: true },
    { name: 'matchPolicy', type: 'string', optional: true, oneOf: ['Exact', 'Equivalent'] },
    { name: 'sideEffects', type: 'string', optional: true },
    { name: 'timeoutSeconds', type: 'int', optional: true },
    { name: 'groups', type: 'stringList' },
    { name: 'resources', type: 'stringList' },
    { name: 'verbs', type: 'stringList' },
    { name: 'versions', type: 'stringList' },
    { name: 'name', type: 'string' },
    { name: 'path', type: 'string', optional: true },
    { name: 'url', type: 'string', optional: true },
    { name: 'serviceName', type: 'string', optional: true },
    { name: 'serviceNamespace', type: 'string', optional: true },
    { name: 'servicePort', type: 'int', optional: true },
    { name: 'webhookVersions', type: 'stringList', optional: true },
    { name: 'admissionReviewVersions', type: 'stringList' },
    { name: 'reinvocationPolicy', type: 'string', optional: true, oneOf: ['Never', 'IfNeeded'] },
    { name: 'patch', type: 'string', optional: true },
  ],
  help: 'Admission webhook entry; may stand anywhere in a file. patch=`{...}` merges a JSON object of webhook fields into it (namespaceSelector, objectSelector, matchConditions...; null removes a field), as in controller-gen.',
  example:
    '+kubebuilder:webhook:path=/mutate-cache-example-com-v1-memcached,mutating=true,failurePolicy=fail,sideEffects=None,groups=cache.example.com,resources=memcacheds,verbs=create;update,versions=v1,name=mmemcached-v1.kb.io,admissionReviewVersions=v1',
};

/** WEBHOOK_CONFIGURATION_MARKER is `+kubebuilder:webhookconfiguration`, which names a generated configuration (pkg/webhook/parser.go WebhookConfig). */
export const WEBHOOK_CONFIGURATION_MARKER: MarkerDefinition = {
  name: 'kubebuilder:webhookconfiguration',
  targets: ['package'],
  args: [
    { name: 'mutating', type: 'bool' },
    { name: 'name', type: 'string', optional: true },
  ],
  help: 'Names the generated Mutating/ValidatingWebhookConfiguration.',
  example: '+kubebuilder:webhookconfiguration:mutating=true,name=my-mutating-config',
};

/** registerWebhookMarkers adds the markers of the webhook generator to a registry (controller-tools' webhook.Generator.RegisterMarkers). */
export function registerWebhookMarkers(into: MarkerRegistry): MarkerRegistry {
  return into.register(WEBHOOK_MARKER, WEBHOOK_CONFIGURATION_MARKER);
}
