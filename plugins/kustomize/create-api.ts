import { fullGroup, toYaml, toYamlWithMarkers, type FileDescriptor, type Subcommand } from '../../src/index.js';
import { commonLabels } from './labels.js';
import { kindRoles } from './rbac.js';

/** crdKustomization renders config/crd/kustomization.yaml; CRDs and conversion patches are inserted at its markers. */
export function crdKustomization(crdFile: string): string {
  return toYamlWithMarkers(
    { resources: [crdFile], configurations: ['kustomizeconfig.yaml'], patches: null },
    { listMarkers: { resources: 'crdkustomizeresource' }, endMarkers: ['crdkustomizewebhookpatch'] },
  );
}

/** crdKustomizeConfig teaches kustomize where CRDs reference the conversion webhook Service. */
export function crdKustomizeConfig(): object {
  return {
    nameReference: [
      {
        kind: 'Service',
        version: 'v1',
        fieldSpecs: [
          {
            kind: 'CustomResourceDefinition',
            version: 'v1',
            group: 'apiextensions.k8s.io',
            path: 'spec/conversion/webhook/clientConfig/service/name',
          },
        ],
      },
    ],
    namespace: [
      {
        kind: 'CustomResourceDefinition',
        version: 'v1',
        group: 'apiextensions.k8s.io',
        path: 'spec/conversion/webhook/clientConfig/service/namespace',
        create: false,
      },
    ],
    varReference: [{ path: 'metadata/annotations' }],
  };
}

/** createApiSubcommand adds the CRD to config/crd, a sample CR and the admin/editor/viewer roles of a new API. */
export const createApiSubcommand: Subcommand = {
  description: 'config/crd, config/samples and admin/editor/viewer roles',
  options: [{ name: 'force', type: 'boolean', description: 'overwrite files that already exist', default: false }],
  scaffold(ctx) {
    const res = ctx.resource;
    // Decided from the flags, not from what typescript/v1 recorded, so kustomize/v2 also works alone.
    if (res === undefined || res.core === true || ctx.flags['resource'] === false) return;
    res.api ??= { crdVersion: 'v1', namespaced: ctx.flags['namespaced'] !== false };
    const group = fullGroup(res);
    const plural = res.plural;
    const kindLower = res.kind.toLowerCase();
    const crdFile = `bases/${group}_${plural}.yaml`;
    const sampleFile = `${res.group}_${res.version}_${kindLower}.yaml`;
    const projectName = ctx.project.projectName;
    const roles = kindRoles(projectName, group, plural, kindLower, ctx.project.multigroup ? res.group : '');
    const files: FileDescriptor[] = [
      {
        kind: 'generated',
        path: 'config/crd/kustomization.yaml',
        content: crdKustomization(crdFile),
        ifExists: 'skip',
      },
      {
        kind: 'generated',
        path: 'config/crd/kustomizeconfig.yaml',
        format: 'yaml',
        object: crdKustomizeConfig(),
        ifExists: 'skip',
      },
      {
        kind: 'insert',
        path: 'config/crd/kustomization.yaml',
        ifMissing: 'error',
        fragments: { crdkustomizeresource: [`- ${crdFile}`] },
      },
      {
        kind: 'generated',
        path: `config/samples/${sampleFile}`,
        ifExists: 'error',
        content: toYaml({
          apiVersion: `${group}/${res.version}`,
          kind: res.kind,
          metadata: { labels: commonLabels(projectName), name: `${kindLower}-sample` },
          spec: {},
        }),
      },
      {
        kind: 'generated',
        path: 'config/samples/kustomization.yaml',
        ifExists: 'skip',
        content: toYamlWithMarkers(
          { resources: [sampleFile] },
          {
            header: 'List of samples to apply: kubectl apply -k config/samples',
            listMarkers: { resources: 'manifestskustomizesamples' },
          },
        ),
      },
      {
        kind: 'insert',
        path: 'config/samples/kustomization.yaml',
        ifMissing: 'error',
        fragments: { manifestskustomizesamples: [`- ${sampleFile}`] },
      },
      ...Object.entries(roles).map(([file, object]): FileDescriptor => ({
        kind: 'generated',
        path: `config/rbac/${file}`,
        format: 'yaml',
        object,
        ifExists: 'error',
      })),
      {
        kind: 'insert',
        path: 'config/rbac/kustomization.yaml',
        ifMissing: 'error',
        fragments: { resources: Object.keys(roles).map((f) => `- ${f}`) },
      },
      {
        kind: 'insert',
        path: 'config/default/kustomization.yaml',
        ifMissing: 'error',
        fragments: { resources: ['- ../crd'] },
      },
    ];
    ctx.files.add(...files);
  },
};
