import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { API, INIT, newProjectDir, removeProjectDirs, runCli, snapshot, WEBHOOK } from './fixtures/cli-harness.js';

async function ok(cwd: string, ...args: string[]): Promise<string> {
  const r = await runCli(cwd, ...args);
  if (r.code !== 0) throw new Error(`operator-ts ${args.join(' ')} failed (${r.code}):\n${r.err}`);
  return r.out;
}

afterAll(removeProjectDirs);

function changed(out: string): string[] {
  return out.split('\n').filter((l) => /^(CREATE|UPDATE) /.test(l));
}

describe('operator-ts init', () => {
  it('scaffolds a project, records the chain and prints the change list and the next step', async () => {
    const dir = newProjectDir();
    const out = await ok(dir, ...INIT);
    expect(out).toContain('CREATE PROJECT');
    expect(out).toContain('CREATE src/main.ts');
    expect(out).toMatch(/Next: run npm install, then define a resource with: operator-ts create api/);
    const files = snapshot(dir);
    expect(files['PROJECT']).toContain('projectName: memcached-operator');
    expect(files['PROJECT']).toContain('- operator-ts.dev/v1');
    expect(files['PROJECT']).toContain('cliVersion: 0.1.0');
    const pkg = JSON.parse(files['package.json'] ?? '{}') as {
      type: string;
      scripts: Record<string, string>;
      dependencies: Record<string, string>;
    };
    expect(pkg.type).toBe('module');
    expect(Object.keys(pkg.scripts)).toEqual(
      expect.arrayContaining(['build', 'start', 'test', 'manifests', 'generate', 'lint']),
    );
    expect(pkg.dependencies['operator-ts']).toBe('0.1.0');
    expect(files['Makefile']).toMatch(/^docker-build:/m);
    expect(files['config/default/kustomization.yaml']).toContain('namePrefix: memcached-operator-');
  });

  it('is deterministic: two projects with the same inputs are identical', async () => {
    const a = newProjectDir();
    const b = newProjectDir();
    await ok(a, ...INIT);
    await ok(b, ...INIT);
    expect(snapshot(a)).toEqual(snapshot(b));
  });

  it('turns --operator-ts-version paths into file: dependencies relative to the project', async () => {
    const dir = newProjectDir();
    // The tarball must exist: a missing one is refused before anything is written.
    writeFileSync(join(dir, '../operator-ts-0.1.0.tgz'), '');
    await ok(dir, ...INIT, '--operator-ts-version', '../operator-ts-0.1.0.tgz', '--license', 'none');
    const files = snapshot(dir);
    expect(JSON.parse(files['package.json'] ?? '{}').dependencies['operator-ts']).toBe('file:../operator-ts-0.1.0.tgz');
    expect(files['src/main.ts']?.startsWith('import ')).toBe(true);
    expect(files['hack/boilerplate.ts.txt']).toBeUndefined();
  });

  it('scaffolds a namespace-scoped manager with --namespaced', async () => {
    const dir = newProjectDir();
    await ok(dir, ...INIT, '--namespaced');
    const files = snapshot(dir);
    expect(files['src/main.ts']).toContain('WATCH_NAMESPACE');
    expect(files['config/manager/manager.yaml']).toContain('WATCH_NAMESPACE');
    expect(files['config/rbac/role.yaml']).toContain('kind: Role\n');
  });

  it('prints the list and writes nothing with --dry-run', async () => {
    const dir = newProjectDir();
    const out = await ok(dir, ...INIT, '--dry-run');
    expect(out).toContain('CREATE PROJECT');
    expect(out).toContain('Dry run: nothing was written.');
    expect(snapshot(dir)).toEqual({});
  });
});

describe('operator-ts create api', () => {
  let dir: string;
  beforeEach(async () => {
    dir = newProjectDir();
    await ok(dir, ...INIT);
  });

  it('adds types, descriptor, controller, test, sample, roles and registers the controller', async () => {
    await ok(dir, ...API);
    const files = snapshot(dir);
    expect(files['src/api/v1alpha1/groupversion.ts']).toContain('+groupName=cache.example.com');
    const types = files['src/api/v1alpha1/memcached.types.ts'] ?? '';
    expect(types).toContain('+kubebuilder:object:root=true');
    expect(types).toContain('+kubebuilder:subresource:status');
    expect(types).toMatch(/\+listType=map\n\s+\* \+listMapKey=type/);
    expect(types).toContain('export interface MemcachedList');
    expect(files['src/api/v1alpha1/zz_generated.resources.ts']).toContain("plural: 'memcacheds'");
    const controller = files['src/controllers/memcached.controller.ts'] ?? '';
    expect(controller).toContain(
      '+kubebuilder:rbac:groups=cache.example.com,resources=memcacheds,verbs=get;list;watch;create;update;patch;delete',
    );
    expect(controller).toContain('resources=memcacheds/status,verbs=get;update;patch');
    expect(controller).toContain('resources=memcacheds/finalizers,verbs=update');
    expect(controller).toContain('TODO(user)');
    expect(files['src/controllers/memcached.controller.test.ts']).toContain('FakeClient');
    expect(files['src/main.ts']).toContain(
      "import { MemcachedReconciler } from './controllers/memcached.controller.js';",
    );
    expect(files['src/main.ts']).toContain('new MemcachedReconciler(mgr.client');
    expect(files['config/samples/cache_v1alpha1_memcached.yaml']).toContain('apiVersion: cache.example.com/v1alpha1');
    expect(files['config/rbac/kustomization.yaml']).toContain('- memcached_viewer_role.yaml');
    expect(files['config/crd/kustomization.yaml']).toContain('- bases/cache.example.com_memcacheds.yaml');
    expect(files['config/default/kustomization.yaml']).toContain('- ../crd');
    expect(files['PROJECT']).toContain('path: src/api/v1alpha1');
  });

  it('refuses an existing resource without changing anything, and --force rewrites identical files', async () => {
    await ok(dir, ...API);
    const before = snapshot(dir);
    const again = await runCli(dir, ...API);
    expect(again.code).toBe(1);
    expect(again.err).toContain('Error: the API cache/v1alpha1 Memcached already exists in PROJECT');
    expect(again.err).toContain('Hint:');
    expect(snapshot(dir)).toEqual(before);
    const forced = await ok(dir, ...API, '--force');
    expect(changed(forced)).toEqual([]);
    expect(snapshot(dir)).toEqual(before);
  });

  it('--force restores a scaffolded file the user changed', async () => {
    await ok(dir, ...API);
    const path = join(dir, 'src/controllers/memcached.controller.ts');
    const original = readFileSync(path, 'utf8');
    writeFileSync(path, 'changed\n');
    const out = await ok(dir, ...API, '--force');
    expect(changed(out)).toEqual(['UPDATE src/controllers/memcached.controller.ts']);
    expect(readFileSync(path, 'utf8')).toBe(original);
  });

  it.each([['--resource=false'], ['--no-resource'], ['--resource', 'false']])(
    'scaffolds only a controller for a built-in kind with %s',
    async (...flag) => {
      await ok(dir, 'create', 'api', '--group', 'apps', '--version', 'v1', '--kind', 'Deployment', ...flag);
      const files = snapshot(dir);
      expect(files['src/controllers/deployment.controller.ts']).toContain('.for(builtin.Deployment)');
      expect(files['src/controllers/deployment.controller.ts']).toContain(
        '+kubebuilder:rbac:groups=apps,resources=deployments,',
      );
      expect(files['src/controllers/deployment.controller.test.ts']).toContain(
        'apiVersion: builtin.Deployment.apiVersion',
      );
      expect(Object.keys(files).some((f) => f.startsWith('src/api/'))).toBe(false);
      expect(files['PROJECT']).toContain('core: true');
    },
  );

  it('marks cluster-scoped kinds and custom plurals', async () => {
    await ok(
      dir,
      'create',
      'api',
      '--group',
      'cache',
      '--version',
      'v1',
      '--kind',
      'Cluster',
      '--plural',
      'clusterz',
      '--namespaced=false',
    );
    const files = snapshot(dir);
    expect(files['src/api/v1/cluster.types.ts']).toContain('+kubebuilder:resource:path=clusterz,scope=Cluster');
    expect(files['src/api/v1/zz_generated.resources.ts']).toContain('namespaced: false');
    expect(files['src/controllers/cluster.controller.test.ts']).toContain("namespace: ''");
  });

  it("pins the plural when controller-gen's default CRD plural would differ from kubebuilder's", async () => {
    await ok(dir, 'create', 'api', '--group', 'cache', '--version', 'v1', '--kind', 'PodAlias');
    const files = snapshot(dir);
    expect(files['PROJECT']).toContain('  plural: podalias\n');
    expect(files['src/api/v1/podalias.types.ts']).toContain('+kubebuilder:resource:path=podalias\n');
    expect(files['src/controllers/podalias.controller.ts']).toContain('resources=podalias,');
    await ok(dir, 'create', 'api', '--group', 'cache', '--version', 'v1', '--kind', 'Gizmo');
    expect(snapshot(dir)['src/api/v1/gizmo.types.ts']).not.toContain('+kubebuilder:resource:');
  });

  it('lays out multigroup projects by group', async () => {
    const mg = newProjectDir();
    await ok(mg, ...INIT, '--multigroup');
    await ok(mg, ...API);
    await ok(mg, 'create', 'api', '--group', 'ship', '--version', 'v1', '--kind', 'Frigate');
    const files = snapshot(mg);
    expect(files['src/api/cache/v1alpha1/memcached.types.ts']).toBeDefined();
    expect(files['src/controllers/ship/frigate.controller.ts']).toContain(
      "from '../../api/ship/v1/zz_generated.resources.js'",
    );
  });

  it('aliases reconcilers of the same kind in two groups of a multigroup project, once each', async () => {
    const mg = newProjectDir();
    await ok(mg, ...INIT, '--multigroup');
    await ok(mg, 'create', 'api', '--group', 'crew', '--version', 'v1', '--kind', 'Captain');
    await ok(mg, 'create', 'api', '--group', 'ship', '--version', 'v1', '--kind', 'Captain');
    const main = snapshot(mg)['src/main.ts'] ?? '';
    expect(main).toContain("import { CaptainReconciler } from './controllers/crew/captain.controller.js';");
    expect(main).toContain(
      "import { CaptainReconciler as CaptainShipReconciler } from './controllers/ship/captain.controller.js';",
    );
    expect(main).toContain(
      "new CaptainReconciler(mgr.client, mgr.getEventRecorder('crew-captain-controller')).setupWithManager(mgr);",
    );
    expect(main).toContain(
      "new CaptainShipReconciler(mgr.client, mgr.getEventRecorder('ship-captain-controller')).setupWithManager(mgr);",
    );
    expect(snapshot(mg)['config/rbac/kustomization.yaml']).toContain(
      '- crew_captain_admin_role.yaml\n- crew_captain_editor_role.yaml',
    );
    expect(snapshot(mg)['config/rbac/ship_captain_viewer_role.yaml']).toContain('name: ship-captain-viewer-role');
    const before = snapshot(mg);
    for (const group of ['crew', 'ship']) {
      const out = await ok(mg, 'create', 'api', '--group', group, '--version', 'v1', '--kind', 'Captain', '--force');
      expect(changed(out)).toEqual([]);
    }
    expect(snapshot(mg)).toEqual(before);
  });

  it('keeps every kind of a version in zz_generated.resources.ts', async () => {
    await ok(dir, ...API);
    await ok(
      dir,
      'create',
      'api',
      '--group',
      'cache',
      '--version',
      'v1alpha1',
      '--kind',
      'Redis',
      '--controller=false',
    );
    const generated = snapshot(dir)['src/api/v1alpha1/zz_generated.resources.ts'] ?? '';
    expect(generated).toContain('MemcachedResource');
    expect(generated).toContain('RedisResource');
  });
});

describe('operator-ts create webhook', () => {
  let dir: string;
  beforeEach(async () => {
    dir = newProjectDir();
    await ok(dir, ...INIT);
    await ok(dir, ...API);
  });

  it('scaffolds a defaulting webhook and wires config/webhook, certmanager and the manager patch', async () => {
    await ok(dir, ...WEBHOOK, '--defaulting');
    const files = snapshot(dir);
    const webhook = files['src/webhooks/v1alpha1/memcached.webhook.ts'] ?? '';
    expect(webhook).toContain(
      '+kubebuilder:webhook:path=/mutate-cache-example-com-v1alpha1-memcached,mutating=true,failurePolicy=fail,sideEffects=None,groups=cache.example.com,resources=memcacheds,verbs=create;update,versions=v1alpha1,name=mmemcached-v1alpha1.kb.io,admissionReviewVersions=v1',
    );
    expect(webhook).toContain('.withDefaulter(new MemcachedCustomDefaulter())');
    expect(webhook).not.toContain('class MemcachedCustomValidator');
    expect(files['src/main.ts']).toContain('setupMemcachedWebhookWithManager(mgr);');
    expect(files['config/webhook/service.yaml']).toContain('targetPort: 9443');
    expect(files['config/certmanager/certificate-webhook.yaml']).toContain('secretName: webhook-server-cert');
    expect(files['config/default/kustomization.yaml']).toContain('- ../webhook');
    expect(files['config/default/kustomization.yaml']).toContain('path: manager_webhook_patch.yaml');
    expect(files['PROJECT']).toContain('defaulting: true');
  });

  it('adds validation to an existing defaulting webhook incrementally, keeping user code', async () => {
    await ok(dir, ...WEBHOOK, '--defaulting');
    const path = join(dir, 'src/webhooks/v1alpha1/memcached.webhook.ts');
    writeFileSync(
      path,
      readFileSync(path, 'utf8').replace(
        '// TODO(user): fill in your defaulting logic (make the method async once it awaits something).',
        'obj.spec.foo ??= "bar";',
      ),
    );
    await ok(dir, ...WEBHOOK, '--programmatic-validation');
    const webhook = readFileSync(path, 'utf8');
    expect(webhook).toContain('obj.spec.foo ??= "bar";');
    expect(webhook).toContain(
      '.withDefaulter(new MemcachedCustomDefaulter())\n      .withValidator(new MemcachedCustomValidator())',
    );
    expect(webhook.match(/class MemcachedCustomDefaulter/g)).toHaveLength(1);
    // The file was scaffolded with the defaulter's imports only; the validator brings its own.
    expect(webhook).toContain(
      "import type { AdmissionContext, CustomDefaulter, Manager, Wire } from 'operator-ts/runtime';",
    );
    expect(webhook).toContain("import type { CustomValidator, Warnings } from 'operator-ts/runtime';");
    expect(webhook).toContain(
      '+kubebuilder:webhook:path=/validate-cache-example-com-v1alpha1-memcached,mutating=false',
    );
    expect(snapshot(dir)['PROJECT']).toContain('validation: true');
    const test = readFileSync(join(dir, 'src/webhooks/v1alpha1/memcached.webhook.test.ts'), 'utf8');
    expect(test).toContain(
      "import { MemcachedCustomDefaulter } from './memcached.webhook.js';\nimport { MemcachedCustomValidator } from './memcached.webhook.js';",
    );
    expect(test).toContain("  it('defaults a Memcached'");
    expect(test).toContain("  it('admits a valid Memcached'");
  });

  it('refuses a webhook type the resource already has; --force changes nothing', async () => {
    await ok(dir, ...WEBHOOK, '--defaulting', '--programmatic-validation');
    const before = snapshot(dir);
    const again = await runCli(dir, ...WEBHOOK, '--defaulting');
    expect(again.code).toBe(1);
    expect(again.err).toContain('already has a defaulting webhook');
    expect(snapshot(dir)).toEqual(before);
    const forced = await ok(dir, ...WEBHOOK, '--defaulting', '--programmatic-validation', '--force');
    expect(changed(forced)).toEqual([]);
    expect(snapshot(dir)).toEqual(before);
  });

  it('scaffolds hub/spoke conversion with a CRD conversion patch', async () => {
    await ok(dir, 'create', 'api', '--group', 'cache', '--version', 'v1', '--kind', 'Memcached', '--controller=false');
    await ok(
      dir,
      'create',
      'webhook',
      '--group',
      'cache',
      '--version',
      'v1',
      '--kind',
      'Memcached',
      '--conversion',
      '--spoke',
      'v1alpha1',
    );
    const files = snapshot(dir);
    expect(files['src/webhooks/v1/memcached.conversion.ts']).toContain(
      'export function memcachedV1alpha1ToHub(obj: Wire<MemcachedV1alpha1>): Wire<Memcached>',
    );
    expect(files['src/webhooks/v1/memcached.webhook.ts']).toContain("hub: 'v1'");
    expect(files['config/crd/patches/webhook_in_memcacheds.yaml']).toContain('strategy: Webhook');
    expect(files['config/crd/kustomization.yaml']).toContain('- path: patches/webhook_in_memcacheds.yaml');
    expect(files['PROJECT']).toMatch(/conversion: true\n\s+spoke:\n\s+- v1alpha1/);
  });

  it('keeps the storage version marker of a conversion hub when create api --force renders its types again', async () => {
    await ok(dir, 'create', 'api', '--group', 'cache', '--version', 'v1', '--kind', 'Memcached', '--controller=false');
    await ok(
      dir,
      'create',
      'webhook',
      '--group',
      'cache',
      '--version',
      'v1',
      '--kind',
      'Memcached',
      '--conversion',
      '--spoke',
      'v1alpha1',
    );
    const before = snapshot(dir);
    expect(before['src/api/v1/memcached.types.ts']).toContain(
      ' * +kubebuilder:object:root=true\n * +kubebuilder:storageversion\n',
    );
    const out = await ok(
      dir,
      'create',
      'api',
      '--group',
      'cache',
      '--version',
      'v1',
      '--kind',
      'Memcached',
      '--controller=false',
      '--force',
    );
    expect(changed(out)).toEqual([]);
    expect(snapshot(dir)).toEqual(before);
  });

  it('requires a webhook type, known spokes and an existing API', async () => {
    const none = await runCli(dir, ...WEBHOOK);
    expect(none.err).toContain('no webhook type selected');
    const spoke = await runCli(dir, ...WEBHOOK, '--conversion', '--spoke', 'v9');
    expect(spoke.err).toContain('spoke version cache/v9 Memcached does not exist');
  });
});

describe('bad input', () => {
  let dir: string;
  let before: Record<string, string>;
  beforeEach(async () => {
    dir = newProjectDir();
    await ok(dir, ...INIT);
    await ok(dir, ...API);
    before = snapshot(dir);
  });

  it.each([
    [['create', 'api', '--group', 'cache', '--version', 'v1', '--kind', 'X', '--bogus'], "unknown option '--bogus'"],
    [['create', 'api', '--group', 'cache', '--version', 'v1', '--kind', 'memcached'], 'invalid kind "memcached"'],
    [['create', 'api', '--group', 'Cache', '--version', 'v1', '--kind', 'Foo'], 'invalid group "Cache"'],
    [['create', 'api', '--group', 'cache', '--version', 'version1', '--kind', 'Foo'], 'invalid version "version1"'],
    [
      ['create', 'api', '--group', 'cache', '--version', 'v1', '--kind', 'Foo', '--resource=maybe'],
      'expected true or false, got "maybe"',
    ],
    [
      ['create', 'api', '--group', 'other', '--version', 'v1', '--kind', 'Foo'],
      'single-group project already uses group "cache"',
    ],
    [
      ['create', 'api', '--group', 'apps', '--version', 'v1', '--kind', 'Pod', '--resource=false'],
      'apps/v1 Pod is not a built-in kind: Pod is core/v1 Pod',
    ],
    [['create', 'api', '--version', 'v1', '--kind', 'Foo'], 'missing required flag --group'],
    [[...API], 'already exists in PROJECT'],
    [
      ['create', 'webhook', '--group', 'cache', '--version', 'v1', '--kind', 'Nope', '--defaulting'],
      'no API cache/v1 Nope in PROJECT',
    ],
    [['init', '--domain', 'example.com', '--skip-install'], 'already holds an operator-ts project'],
    [
      ['create', 'api', '--group', 'cache', '--version', 'v1', '--kind', 'Foo', '--plugins', 'helm/v9'],
      'no plugin matches "helm/v9"',
    ],
    [['frobnicate'], "unknown command 'frobnicate'"],
  ])('%j exits 1 with one clear message and changes nothing', async (args, message) => {
    const r = await runCli(dir, ...args);
    expect(r.code).toBe(1);
    expect(r.err).toContain(message);
    expect(r.err.startsWith('Error: ')).toBe(true);
    expect(r.err).not.toMatch(/\n\s+at /);
    expect(r.out).toBe('');
    expect(snapshot(dir)).toEqual(before);
  });

  it('suggests the flag a typo was meant to be', async () => {
    const r = await runCli(dir, ...API, '--forse');
    expect(r.err).toBe(
      "Error: unknown option '--forse'\nHint: did you mean --force? run the command with --help to see its flags and examples\n",
    );
  });

  it('names the file and the marker line to restore when a user removed a scaffold marker', async () => {
    const main = join(dir, 'src/main.ts');
    writeFileSync(main, readFileSync(main, 'utf8').replace('  // +operator-ts:scaffold:controllers\n', ''));
    const edited = snapshot(dir);
    const r = await runCli(dir, 'create', 'api', '--group', 'cache', '--version', 'v1alpha1', '--kind', 'Redis');
    expect(r.code).toBe(1);
    expect(r.err).toContain('Error: src/main.ts: scaffold marker "// +operator-ts:scaffold:controllers" is missing');
    expect(r.err).toContain('Hint: restore the line `// +operator-ts:scaffold:controllers` in src/main.ts');
    expect(snapshot(dir)).toEqual(edited);
  });

  it('rejects an invalid project name at init', async () => {
    const fresh = newProjectDir('Bad_Name');
    const r = await runCli(fresh, 'init', '--skip-install');
    expect(r.code).toBe(1);
    expect(r.err).toContain('invalid project name "bad_name"');
    expect(r.err).toContain('directory name "Bad_Name"');
    expect(r.err).toContain('Hint: pass --project-name bad-name');
    expect(snapshot(fresh)).toEqual({});
  });

  it('explains that commands other than init need a project', async () => {
    const r = await runCli(newProjectDir(), ...API);
    expect(r.err).toContain('no PROJECT file');
  });
});

describe('help and version', () => {
  it.each([[[]], [['init']], [['create', 'api']], [['create', 'webhook']], [['edit']], [['version']], [['create']]])(
    '%j --help prints examples',
    async (args) => {
      const r = await runCli(newProjectDir(), ...args, '--help');
      expect(r.code).toBe(0);
      expect(r.out).toContain('Examples:');
    },
  );

  it('shows plugin flags of the chain in help', async () => {
    const r = await runCli(newProjectDir(), 'create', 'webhook', '--help');
    expect(r.out).toContain('--programmatic-validation');
    expect(r.out).toContain('--dry-run');
  });

  it('prints the version', async () => {
    expect((await runCli(newProjectDir(), 'version')).out).toMatch(/^operator-ts 0\.1\.0 /);
  });
});

describe('generate', () => {
  it('runs in the CLI working directory and reports through the CLI output', async () => {
    const dir = newProjectDir();
    await ok(dir, ...INIT);
    await ok(dir, ...API);
    const out = await ok(dir, 'generate', 'crd');
    expect(out).toBe('wrote config/crd/bases/cache.example.com_memcacheds.yaml\n');
    expect(snapshot(dir)['config/crd/bases/cache.example.com_memcacheds.yaml']).toContain(
      'kind: CustomResourceDefinition',
    );
  });
});

describe('edit', () => {
  it('records layout switches and reports no change when re-run', async () => {
    const dir = newProjectDir();
    await ok(dir, ...INIT);
    const out = await ok(dir, 'edit', '--multigroup');
    expect(changed(out)).toEqual(['UPDATE PROJECT']);
    expect(readFileSync(join(dir, 'PROJECT'), 'utf8')).toContain('multigroup: true');
    expect(changed(await ok(dir, 'edit', '--multigroup'))).toEqual([]);
  });
});

describe('error boundary', () => {
  it('reports an internal error in one line, with the stack only under --verbose', async () => {
    const { VirtualTree } = await import('../machinery/tree.js');
    const spy = vi.spyOn(VirtualTree.prototype, 'flush').mockImplementation(() => {
      throw new Error('disk on fire');
    });
    try {
      const quiet = await runCli(newProjectDir(), ...INIT);
      expect(quiet.code).toBe(1);
      expect(quiet.err).toBe(
        `internal error: disk on fire (operator-ts 0.1.0, node ${process.version}: please report this bug; run with --verbose for the stack)\n`,
      );
      const verbose = await runCli(newProjectDir(), ...INIT, '--verbose');
      expect(verbose.code).toBe(1);
      expect(verbose.err).toMatch(/\n\s+at /);
    } finally {
      spy.mockRestore();
    }
  });

  it('writes nothing when a later plugin hook fails', async () => {
    const dir = newProjectDir();
    await ok(dir, ...INIT);
    const before = snapshot(dir);
    // kustomize runs after typescript: remove the marker it needs, typescript's files must not be written either.
    const kustomization = join(dir, 'config/default/kustomization.yaml');
    writeFileSync(
      kustomization,
      readFileSync(kustomization, 'utf8').replace('# +operator-ts:scaffold:resources\n', ''),
    );
    const r = await runCli(dir, ...API);
    expect(r.code).toBe(1);
    expect(r.err).toContain(
      'config/default/kustomization.yaml: scaffold marker "# +operator-ts:scaffold:resources" is missing',
    );
    const after = snapshot(dir);
    expect(Object.keys(after)).toEqual(Object.keys(before));
    expect(after['src/main.ts']).toBe(before['src/main.ts']);
  });
});

describe('plugin chain', () => {
  it('uses --plugins for one run and records the init chain in PROJECT', async () => {
    const dir = newProjectDir();
    await ok(dir, ...INIT, '--plugins', 'typescript/v1');
    const files = snapshot(dir);
    expect(files['PROJECT']).toContain('layout:\n- typescript.operator-ts.dev/v1\n');
    expect(Object.keys(files).some((f) => f.startsWith('config/'))).toBe(false);
    const out = await ok(dir, ...API);
    expect(out).not.toContain('config/');
  });

  it('runs kustomize/v2 alone for projects written in another language', async () => {
    const dir = newProjectDir();
    await ok(dir, 'init', '--domain', 'example.com', '--plugins', 'kustomize/v2');
    await ok(dir, ...API);
    const files = Object.keys(snapshot(dir));
    expect(files).toContain('config/crd/kustomization.yaml');
    expect(files.some((f) => f.startsWith('src/'))).toBe(false);
    expect(readFileSync(join(dir, 'PROJECT'), 'utf8')).toContain('crdVersion: v1');
  });

  it('adds plugins to the recorded chain with edit --plugins', async () => {
    const dir = newProjectDir();
    await ok(dir, ...INIT, '--plugins', 'typescript/v1');
    await ok(dir, 'edit', '--plugins', 'kustomize/v2');
    expect(readFileSync(join(dir, 'PROJECT'), 'utf8')).toContain(
      'layout:\n- typescript.operator-ts.dev/v1\n- kustomize.operator-ts.dev/v2\n',
    );
  });

  it('prints but does not write with --dry-run on create api', async () => {
    const dir = newProjectDir();
    await ok(dir, ...INIT);
    const before = snapshot(dir);
    const out = await ok(dir, ...API, '--dry-run');
    expect(out).toContain('CREATE src/controllers/memcached.controller.ts');
    expect(out).toContain('UPDATE src/main.ts');
    expect(snapshot(dir)).toEqual(before);
  });
});

describe('edit --namespaced', () => {
  it('needs --force to re-render the manager manifests, then switches to namespaced RBAC', async () => {
    const dir = newProjectDir();
    await ok(dir, ...INIT);
    const before = snapshot(dir);
    const refused = await runCli(dir, 'edit', '--namespaced');
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('config/manager/manager.yaml already exists');
    expect(snapshot(dir)).toEqual(before);
    await ok(dir, 'edit', '--namespaced', '--force');
    const files = snapshot(dir);
    expect(files['config/manager/manager.yaml']).toContain('WATCH_NAMESPACE');
    expect(files['config/rbac/role_binding.yaml']).toContain('kind: RoleBinding');
    expect(files['PROJECT']).toContain('namespaced: true');
  });
});
