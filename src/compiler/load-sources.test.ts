import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { dirname } from 'node:path';
import { createRequire } from 'node:module';
import { shimText } from './client-node-shim.js';
import { loadSourceFiles } from './load-sources.js';

// The generator's load time is the size of the TypeScript program. client-node models take their schema
// from Kubernetes' own (src/schema/k8s-models), so a pod template reads none of client-node's 2,700
// declaration files: the shim names the imported models and nothing else.
describe('loadSourceFiles', () => {
  it('reads no declaration file of @kubernetes/client-node for the models an API type uses', () => {
    const file = fileURLToPath(new URL('../schema/testdata/pod-template/types.ts', import.meta.url));
    const { files } = loadSourceFiles([file]);
    const program = (files[0] as NonNullable<(typeof files)[0]>).getProject().getProgram().compilerObject;
    const clientNode = program.getSourceFiles().filter((sf) => sf.fileName.includes('/@kubernetes/client-node/'));
    expect(clientNode.map((sf) => sf.fileName.replace(/.*\/@kubernetes\/client-node\//, ''))).toEqual([
      'dist/operator-ts-generate-shim.d.ts',
    ]);
    expect(clientNode[0]?.text).toContain('export declare class V1PodTemplateSpec {}');
  }, 120_000);

  it('declares every model for a namespace import, and other names as any', () => {
    const dist = dirname(createRequire(import.meta.url).resolve('@kubernetes/client-node'));
    const all = shimText(dist, undefined);
    expect(all).toContain('export declare class V1PodTemplateSpec {}');
    expect(all).toContain('export declare class V1alpha1ClusterTrustBundleSpec {}');
    expect(all).not.toContain('ObjectSerializer');
    expect(shimText(dist, new Set(['KubeConfig', 'V1Pod']))).toBe(
      '// Generated in memory by operator-ts generate: the names of @kubernetes/client-node, without members.\nexport type IntOrString = number | string;\nexport type KubeConfig = any;\nexport declare const KubeConfig: any;\nexport declare class V1Pod {}\n',
    );
  });
});
