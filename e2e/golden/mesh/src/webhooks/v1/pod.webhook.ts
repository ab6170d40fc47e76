/*
Copyright The mesh-operator Authors.

Licensed under the Apache License, Version 2.0 (the "License");
you may not use this file except in compliance with the License.
You may obtain a copy of the License at

    http://www.apache.org/licenses/LICENSE-2.0

Unless required by applicable law or agreed to in writing, software
distributed under the License is distributed on an "AS IS" BASIS,
WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
See the License for the specific language governing permissions and
limitations under the License.
*/

import { builtin, newWebhookManagedBy } from 'operator-ts/runtime';
import type { AdmissionContext, Manager, Warnings, Wire } from 'operator-ts/runtime';
import { SidecarInjector } from 'operator-ts/runtime/webhook';
import type {
  InjectedSidecar,
  SidecarInjectorOptions,
  SidecarTemplate,
  SkipInjection,
} from 'operator-ts/runtime/webhook';
import type { V1Pod } from '@kubernetes/client-node';
// +operator-ts:scaffold:imports

// TODO(user): EDIT THIS FILE!  THIS IS SCAFFOLDING FOR YOU TO OWN!

/** setupPodWebhookWithManager registers the Pod webhooks with the manager's webhook server. */
export function setupPodWebhookWithManager(mgr: Manager) {
  return (
    newWebhookManagedBy(mgr)
      .for(builtin.Pod)
      .withSidecarInjector(new SidecarInjector(new PodSidecarInjection()))
      // +operator-ts:scaffold:builder
      .complete()
  );
}

/**
 * SIDECAR_ANNOTATION_PREFIX names the injector's annotations and labels: a Pod asks for the sidecar with the
 * annotation `sidecar.example.com/inject: "true"`, an injected Pod carries `sidecar.example.com/status`, and a
 * namespace opts in with the label `sidecar.example.com/injection: enabled`.
 */
export const SIDECAR_ANNOTATION_PREFIX = 'sidecar.example.com';

// TODO(user): the image of your proxy or agent.
const SIDECAR_IMAGE = 'registry.example.com/sidecar:v0.1.0';

/**
 * PodSidecarInjection renders the sidecar and holds the hooks of the injector; SidecarInjector injects it
 * only into Pods annotated `sidecar.example.com/inject: "true"`, and never twice.
 *
 * Why the webhook marker below says what it says:
 * - failurePolicy=fail: a Pod that asked for the sidecar never starts without it (when the sidecar carries
 *   mesh identity or policy, a Pod without it escapes them). Controllers retry Pod creation, so workloads
 *   catch up once the webhook answers again. The selectors bound what waits on the webhook meanwhile:
 * - namespaceSelector (in patch): only Pods of namespaces labelled `sidecar.example.com/injection: enabled` are
 *   sent to the webhook, so an unavailable manager blocks Pod creation there only, never in kube-system.
 * - objectSelector (in patch): the manager's own Pods (label control-plane: controller-manager) are never
 *   sent, so a new manager replica starts even when none is running to answer for it.
 * - reinvocationPolicy=IfNeeded: a mutating webhook called after this one may add the annotation or
 *   containers; the API server then calls this one again, so late requests are injected and validate()
 *   sees the final Pod. Injection is idempotent, so a second call changes nothing.
 * - verbs=create;update: the sidecar is injected on create only (a Pod's containers are immutable); updates
 *   go through validate() (a container's image can change).
 *
 * +kubebuilder:webhook:path=/inject--v1-pod,mutating=true,failurePolicy=fail,sideEffects=None,groups="",resources=pods,verbs=create;update,versions=v1,name=sidecar-pod-v1.kb.io,admissionReviewVersions=v1,reinvocationPolicy=IfNeeded,patch=`{"namespaceSelector":{"matchLabels":{"sidecar.example.com/injection":"enabled"}},"objectSelector":{"matchExpressions":[{"key":"control-plane","operator":"NotIn","values":["controller-manager"]}]}}`
 */
export class PodSidecarInjection implements SidecarInjectorOptions {
  readonly annotationPrefix = SIDECAR_ANNOTATION_PREFIX;

  /**
   * preMutate runs for a Pod that asks for the sidecar, before it is rendered: return { skip: reason } to
   * leave the Pod without it, throw an AdmissionError to refuse the Pod.
   * TODO(user): your own rules, e.g. a tenant or namespace allow-list.
   */
  preMutate(ctx: AdmissionContext, pod: Wire<V1Pod>): SkipInjection | void {
    // A host-network Pod shares the node's network: a proxy there would intercept the node's traffic.
    if (pod.spec?.hostNetwork === true) return { skip: 'host-network Pods get no sidecar' };
    return undefined;
  }

  /** render returns the sidecar of one Pod. TODO(user): the containers, init containers and volumes of yours. */
  render(): SidecarTemplate {
    return {
      containers: [
        {
          name: 'sidecar',
          image: SIDECAR_IMAGE,
          args: ['--log-level=info'],
          resources: { requests: { cpu: '10m', memory: '32Mi' }, limits: { memory: '64Mi' } },
          securityContext: { allowPrivilegeEscalation: false, runAsNonRoot: true, capabilities: { drop: ['ALL'] } },
          volumeMounts: [{ name: 'sidecar-state', mountPath: '/var/run/sidecar' }],
        },
      ],
      volumes: [{ name: 'sidecar-state', emptyDir: {} }],
    };
  }

  /** postMutate runs after the sidecar was added; injected holds the added entries, as they are in the Pod. */
  postMutate(ctx: AdmissionContext, pod: Wire<V1Pod>, injected: InjectedSidecar): void {
    // Pods of a workload have only a generateName when they are admitted.
    const name = pod.metadata?.name ?? pod.metadata?.generateName ?? '';
    injected.containers[0]?.args?.push(`--workload=${ctx.request.namespace ?? ''}/${name}`);
  }

  /**
   * validate checks every Pod the webhook admits, injected or not: throw to deny it with the message, return
   * strings to warn. TODO(user): your rules, e.g. an image-signature check that throws
   * new AdmissionError('image ... is not signed').
   */
  validate(ctx: AdmissionContext, pod: Wire<V1Pod>): Warnings | void {
    const containers = [...(pod.spec?.initContainers ?? []), ...(pod.spec?.containers ?? [])];
    const floating = containers.filter((c) => !pinnedImage(c.image));
    return floating.map((c) => `container ${c.name} runs the image ${c.image ?? '(none)'}: pin a tag or digest`);
  }
}

/** pinnedImage tells whether an image names a version tag or a digest, rather than :latest or no tag. */
function pinnedImage(image: string | undefined): boolean {
  const name = image?.split('/').pop() ?? '';
  return name.includes('@') || (name.includes(':') && !name.endsWith(':latest'));
}
// +operator-ts:scaffold:types
