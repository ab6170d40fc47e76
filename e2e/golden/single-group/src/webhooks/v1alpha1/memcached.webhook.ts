/*
Copyright The memcached-operator Authors.

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

import { newWebhookManagedBy } from 'operator-ts/runtime';
import type { AdmissionContext, CustomDefaulter, CustomValidator, Manager, Warnings, Wire } from 'operator-ts/runtime';
import type { Memcached } from '../../api/v1alpha1/memcached.types.js';
import { MemcachedResource } from '../../api/v1alpha1/zz_generated.resources.js';
// +operator-ts:scaffold:imports

// TODO(user): EDIT THIS FILE!  THIS IS SCAFFOLDING FOR YOU TO OWN!

/** setupMemcachedWebhookWithManager registers the Memcached webhooks with the manager's webhook server. */
export function setupMemcachedWebhookWithManager(mgr: Manager) {
  return (
    newWebhookManagedBy(mgr)
      .for(MemcachedResource)
      .withDefaulter(new MemcachedCustomDefaulter())
      .withValidator(new MemcachedCustomValidator())
      // +operator-ts:scaffold:builder
      .complete()
  );
}

/**
 * MemcachedCustomDefaulter sets default values on Memcached objects when they are created or updated.
 *
 * +kubebuilder:webhook:path=/mutate-cache-example-com-v1alpha1-memcached,mutating=true,failurePolicy=fail,sideEffects=None,groups=cache.example.com,resources=memcacheds,verbs=create;update,versions=v1alpha1,name=mmemcached-v1alpha1.kb.io,admissionReviewVersions=v1
 */
export class MemcachedCustomDefaulter implements CustomDefaulter<Memcached> {
  /**
   * default mutates obj in place; the webhook answers with the resulting JSON patch. obj is the JSON of
   * the request: Wire<Memcached>, whose timestamps are RFC 3339 strings.
   */
  default(ctx: AdmissionContext, obj: Wire<Memcached>): Promise<void> {
    ctx.log.info({ name: obj.metadata?.name }, 'defaulting Memcached');

    // TODO(user): fill in your defaulting logic (make the method async once it awaits something).
    return Promise.resolve();
  }
}

/**
 * MemcachedCustomValidator validates Memcached objects when they are created, updated or deleted.
 * Throw an Error to deny the request (its message is shown to the user); return strings to warn.
 *
 * NOTE: to validate deletions as well, add `delete` to the verbs of the marker below.
 * +kubebuilder:webhook:path=/validate-cache-example-com-v1alpha1-memcached,mutating=false,failurePolicy=fail,sideEffects=None,groups=cache.example.com,resources=memcacheds,verbs=create;update,versions=v1alpha1,name=vmemcached-v1alpha1.kb.io,admissionReviewVersions=v1
 */
export class MemcachedCustomValidator implements CustomValidator<Memcached> {
  // The methods return promises: make them async once they await something (a lookup through the client).
  validateCreate(ctx: AdmissionContext, obj: Wire<Memcached>): Promise<Warnings | void> {
    ctx.log.info({ name: obj.metadata?.name }, 'validating Memcached create');

    // TODO(user): fill in your validation logic upon object creation.
    return Promise.resolve();
  }

  validateUpdate(ctx: AdmissionContext, oldObj: Wire<Memcached>, newObj: Wire<Memcached>): Promise<Warnings | void> {
    ctx.log.info({ name: newObj.metadata?.name }, 'validating Memcached update');

    // TODO(user): fill in your validation logic upon object update.
    return Promise.resolve();
  }

  validateDelete(ctx: AdmissionContext, obj: Wire<Memcached>): Promise<Warnings | void> {
    ctx.log.info({ name: obj.metadata?.name }, 'validating Memcached delete');

    // TODO(user): fill in your validation logic upon object deletion.
    return Promise.resolve();
  }
}
// +operator-ts:scaffold:types
