/*
Copyright The tenant-operator Authors.

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
import type { AdmissionContext, CustomValidator, Manager, Warnings, Wire } from 'operator-ts/runtime';
import type { Tenant } from '../../api/v1/tenant.types.js';
import { TenantResource } from '../../api/v1/zz_generated.resources.js';
// +operator-ts:scaffold:imports

// TODO(user): EDIT THIS FILE!  THIS IS SCAFFOLDING FOR YOU TO OWN!

/** setupTenantWebhookWithManager registers the Tenant webhooks with the manager's webhook server. */
export function setupTenantWebhookWithManager(mgr: Manager) {
  return (
    newWebhookManagedBy(mgr)
      .for(TenantResource)
      .withValidator(new TenantCustomValidator())
      // +operator-ts:scaffold:builder
      .complete()
  );
}

/**
 * TenantCustomValidator validates Tenant objects when they are created, updated or deleted.
 * Throw an Error to deny the request (its message is shown to the user); return strings to warn.
 *
 * NOTE: to validate deletions as well, add `delete` to the verbs of the marker below.
 * +kubebuilder:webhook:path=/validate-tenancy-example-com-v1-tenant,mutating=false,failurePolicy=fail,sideEffects=None,groups=tenancy.example.com,resources=tenants,verbs=create;update,versions=v1,name=vtenant-v1.kb.io,admissionReviewVersions=v1
 */
export class TenantCustomValidator implements CustomValidator<Tenant> {
  // The methods return promises: make them async once they await something (a lookup through the client).
  validateCreate(ctx: AdmissionContext, obj: Wire<Tenant>): Promise<Warnings | void> {
    ctx.log.info({ name: obj.metadata?.name }, 'validating Tenant create');

    // TODO(user): fill in your validation logic upon object creation.
    return Promise.resolve();
  }

  validateUpdate(ctx: AdmissionContext, oldObj: Wire<Tenant>, newObj: Wire<Tenant>): Promise<Warnings | void> {
    ctx.log.info({ name: newObj.metadata?.name }, 'validating Tenant update');

    // TODO(user): fill in your validation logic upon object update.
    return Promise.resolve();
  }

  validateDelete(ctx: AdmissionContext, obj: Wire<Tenant>): Promise<Warnings | void> {
    ctx.log.info({ name: obj.metadata?.name }, 'validating Tenant delete');

    // TODO(user): fill in your validation logic upon object deletion.
    return Promise.resolve();
  }
}
// +operator-ts:scaffold:types
