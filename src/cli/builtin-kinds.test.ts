import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseProject } from '../model/project-reader.js';
import { newProjectDir, removeProjectDirs, runCli, snapshot } from './fixtures/cli-harness.js';

afterAll(removeProjectDirs);

const BOOK_INIT = [
  'init',
  '--domain',
  'tutorial.kubebuilder.io',
  '--repo',
  'tutorial.kubebuilder.io/project',
  '--skip-install',
];

async function ok(dir: string, ...args: string[]): Promise<string> {
  const r = await runCli(dir, ...args);
  expect(r.code, `${args.join(' ')}\n${r.err}`).toBe(0);
  return r.out;
}

async function bookProject(): Promise<string> {
  const dir = newProjectDir('project');
  await ok(dir, ...BOOK_INIT);
  return dir;
}

const read = (dir: string, path: string): string => readFileSync(join(dir, path), 'utf8');

describe('a kind in a group named like a Kubernetes one', () => {
  it("is the project's own when create api scaffolds its types: the book's batch.tutorial.kubebuilder.io CronJob", async () => {
    const dir = await bookProject();
    await ok(dir, 'create', 'api', '--group', 'batch', '--version', 'v1', '--kind', 'CronJob');
    const project = parseProject(read(dir, 'PROJECT'));
    expect(project.repo).toBe('tutorial.kubebuilder.io/project');
    expect(project.resources).toEqual([
      expect.objectContaining({
        group: 'batch',
        domain: 'tutorial.kubebuilder.io',
        version: 'v1',
        kind: 'CronJob',
        plural: 'cronjobs',
        controller: true,
        api: { crdVersion: 'v1', namespaced: true },
      }),
    ]);
    expect(project.resources[0]?.core).toBeUndefined();
    expect(read(dir, 'src/api/v1/groupversion.ts')).toContain('batch.tutorial.kubebuilder.io');
    expect(read(dir, 'src/controllers/cronjob.controller.ts')).toContain(
      'groups=batch.tutorial.kubebuilder.io,resources=cronjobs',
    );
  });

  it("gets the book's create webhook for the project's CronJob, not the built-in one", async () => {
    const dir = await bookProject();
    await ok(dir, 'create', 'api', '--group', 'batch', '--version', 'v1', '--kind', 'CronJob');
    await ok(
      dir,
      'create',
      'webhook',
      '--group',
      'batch',
      '--version',
      'v1',
      '--kind',
      'CronJob',
      '--defaulting',
      '--programmatic-validation',
    );
    const project = parseProject(read(dir, 'PROJECT'));
    expect(project.resources).toHaveLength(1);
    expect(project.resources[0]?.webhooks).toEqual({ webhookVersion: 'v1', defaulting: true, validation: true });
    const webhook = read(dir, 'src/webhooks/v1/cronjob.webhook.ts');
    expect(webhook).toContain('.for(CronJobResource)');
    expect(webhook).not.toContain('builtin.CronJob');
    expect(webhook).toContain('groups=batch.tutorial.kubebuilder.io');
  });

  it('is the built-in kind with --resource=false, checked against the runtime table', async () => {
    const dir = await bookProject();
    await ok(dir, 'create', 'api', '--group', 'batch', '--version', 'v1', '--kind', 'Job', '--resource=false');
    expect(parseProject(read(dir, 'PROJECT')).resources).toEqual([
      { core: true, group: 'batch', version: 'v1', kind: 'Job', plural: 'jobs', controller: true },
    ]);
    const controller = read(dir, 'src/controllers/job.controller.ts');
    expect(controller).toContain('builtin.Job');
    expect(controller).toContain('groups=batch,resources=jobs');
  });

  it.each([
    [
      ['--group', 'core', '--version', 'v1', '--kind', 'Event'],
      'builtin.CoreEvent',
      'CoreV1Event',
      'groups=core,resources=events',
    ],
    [
      ['--group', 'events', '--version', 'v1', '--kind', 'Event'],
      'builtin.Event',
      'EventsV1Event',
      'groups=events.k8s.io,resources=events',
    ],
    [
      ['--group', 'autoscaling', '--version', 'v1', '--kind', 'HorizontalPodAutoscaler'],
      'builtin.HorizontalPodAutoscalerV1',
      'V1HorizontalPodAutoscaler',
      'groups=autoscaling,resources=horizontalpodautoscalers',
    ],
    [
      ['--group', 'rbac', '--version', 'v1', '--kind', 'ClusterRole'],
      'builtin.ClusterRole',
      'V1ClusterRole',
      'groups=rbac.authorization.k8s.io,resources=clusterroles',
    ],
  ])('names the runtime descriptor of %j', async (flags, ref, type, rbac) => {
    const dir = await bookProject();
    await ok(dir, 'create', 'api', ...flags, '--resource=false');
    const kind = flags[5]?.toLowerCase() ?? '';
    expect(read(dir, `src/controllers/${kind}.controller.ts`)).toContain(ref);
    expect(read(dir, `src/controllers/${kind}.controller.ts`)).toContain(rbac);
    await ok(dir, 'create', 'webhook', ...flags, '--defaulting');
    const webhook = read(dir, `src/webhooks/v1/${kind}.webhook.ts`);
    expect(webhook).toContain(`.for(${ref})`);
    expect(webhook).toContain(`import type { ${type} } from '@kubernetes/client-node';`);
  });

  it.each([
    [
      ['--group', 'apps', '--version', 'v1', '--kind', 'Pod'],
      'apps/v1 Pod is not a built-in kind: Pod is core/v1 Pod',
      'operator-ts create api --group core --version v1 --kind Pod --resource=false',
    ],
    [
      ['--group', 'batch', '--version', 'v2', '--kind', 'CronJob'],
      'batch/v2 CronJob is not a built-in kind: CronJob is batch/v1 CronJob',
      '--group batch --version v1 --kind CronJob',
    ],
    [
      ['--group', 'apps', '--version', 'v1', '--kind', 'Gadget'],
      'operator-ts/runtime has no descriptor for the built-in kind apps/v1 Gadget',
      'v1 Deployment',
    ],
    [
      ['--group', 'core', '--version', 'v1', '--kind', 'Pod', '--plural', 'pod'],
      'the built-in core/v1 Pod is served as pods, not pod',
      'drop --plural',
    ],
  ])('refuses %j with --resource=false, naming the kind it could mean', async (flags, message, hint) => {
    const dir = await bookProject();
    const before = snapshot(dir);
    const r = await runCli(dir, 'create', 'api', ...flags, '--resource=false');
    expect(r.code).toBe(1);
    expect(r.err).toContain(`Error: ${message}`);
    expect(r.err).toMatch(new RegExp(`Hint: .*${hint.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    expect(snapshot(dir)).toEqual(before);
  });

  it('is another project’s with --external-api-domain, even when the group is named like a core one', async () => {
    const dir = await bookProject();
    await ok(
      dir,
      'create',
      'api',
      '--group',
      'networking',
      '--version',
      'v1beta1',
      '--kind',
      'VirtualService',
      '--resource=false',
      '--external-api-domain',
      'istio.io',
    );
    expect(parseProject(read(dir, 'PROJECT')).resources).toEqual([
      expect.objectContaining({
        external: true,
        group: 'networking',
        domain: 'istio.io',
        version: 'v1beta1',
        kind: 'VirtualService',
      }),
    ]);
    expect(read(dir, 'src/controllers/virtualservice.controller.ts')).toContain('groups=networking.istio.io');
  });

  it('gets no webhook for a kind of its own without API types', async () => {
    const dir = await bookProject();
    await ok(dir, 'create', 'api', '--group', 'ship', '--version', 'v1', '--kind', 'Frigate', '--resource=false');
    const r = await runCli(
      dir,
      'create',
      'webhook',
      '--group',
      'ship',
      '--version',
      'v1',
      '--kind',
      'Frigate',
      '--defaulting',
    );
    expect(r.code).toBe(1);
    expect(r.err).toContain('Error: no API ship/v1 Frigate in PROJECT: a webhook needs an existing API');
  });

  it('gets a webhook for a built-in kind when the project has no kind of that name', async () => {
    const dir = await bookProject();
    await ok(dir, 'create', 'webhook', '--group', 'core', '--version', 'v1', '--kind', 'Pod', '--defaulting');
    expect(parseProject(read(dir, 'PROJECT')).resources[0]).toEqual(
      expect.objectContaining({ core: true, group: 'core', kind: 'Pod', plural: 'pods' }),
    );
    expect(read(dir, 'src/webhooks/v1/pod.webhook.ts')).toContain('.for(builtin.Pod)');
  });
});
