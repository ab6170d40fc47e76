import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadSourceFiles } from './load-sources.js';

// The generator's load time is the size of the TypeScript program: a pod template must pull in the models
// it reaches, not the whole of @kubernetes/client-node (its types.d.ts imports every API).
describe('loadSourceFiles', () => {
  it('loads only the client-node models an API type reaches', () => {
    const file = fileURLToPath(new URL('../schema/testdata/pod-template/types.ts', import.meta.url));
    const { files } = loadSourceFiles([file]);
    const program = (files[0] as NonNullable<(typeof files)[0]>).getProject().getProgram().compilerObject;
    const clientNode = program.getSourceFiles().filter((sf) => sf.fileName.includes('/@kubernetes/client-node/'));
    expect(clientNode.some((sf) => sf.fileName.endsWith('/V1PodSpec.d.ts'))).toBe(true);
    expect(clientNode.some((sf) => sf.fileName.endsWith('/gen/apis/CoreV1Api.d.ts'))).toBe(false);
    expect(clientNode.length).toBeLessThan(400);
  }, 120_000);
});
