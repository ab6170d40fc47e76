// The example of e2e/import-crd/fixtures/site-operator: a project scaffolded by the BUILT CLI (run `npm run build` first)
// that owns cert-manager-style Certificates through types imported by `create api --external-api-crd`.
// It type-checks under strict, `generate` writes RBAC for cert-manager.io and no Certificate CRD, and the
// operator runs on envtest with the imported CRD installed: it creates an owned Certificate per Site and
// follows the Certificate's status through `.owns()`.
import { execa } from 'execa';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createManager,
  silentLogger,
  type KubernetesObject,
  type Manager,
  type ResourceDescriptor,
} from '../../dist/src/runtime/index.js';
import { startTestEnv, type TestEnv } from '../../dist/src/testing/index.js';
import { runCliOk } from '../helpers/cli.js';
import { repoRoot } from '../helpers/paths.js';
import { waitFor } from '../helpers/wait.js';

const EXAMPLE = join(repoRoot, 'e2e/import-crd/fixtures/site-operator');
const CRD = join(repoRoot, 'e2e/import-crd/testdata/example/certificates.yaml');
const WORK = join(repoRoot, 'e2e/.work/import-example');
const dir = join(WORK, 'site-operator');

beforeAll(async () => {
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  await runCliOk(['init', '--domain', 'example.com', '--project-name', 'site-operator', '--skip-install'], dir);
  await runCliOk(['create', 'api', '--group', 'web', '--version', 'v1', '--kind', 'Site'], dir);
  await runCliOk(
    [
      'create',
      'api',
      '--group',
      'cert-manager',
      '--version',
      'v1',
      '--kind',
      'Certificate',
      '--resource=false',
      '--external-api-domain',
      'io',
      '--external-api-crd',
      CRD,
    ],
    dir,
  );
  copyFileSync(join(EXAMPLE, 'site.types.ts'), join(dir, 'src/api/v1/site.types.ts'));
  copyFileSync(join(EXAMPLE, 'site.controller.ts'), join(dir, 'src/controllers/site.controller.ts'));
  rmSync(join(dir, 'src/controllers/site.controller.test.ts'));
  await runCliOk(['generate'], dir);
  // The project depends on operator-ts as an installed package would.
  mkdirSync(join(dir, 'node_modules'), { recursive: true });
  symlinkSync(repoRoot, join(dir, 'node_modules/operator-ts'));
});

afterAll(() => {
  rmSync(WORK, { recursive: true, force: true });
});

describe('an operator that owns imported Certificates', () => {
  it('records the kind as external and generates no CRD for it', () => {
    const project = readFileSync(join(dir, 'PROJECT'), 'utf8');
    expect(project).toContain(
      '- external: true\n  group: cert-manager\n  domain: io\n  version: v1\n  kind: Certificate\n  plural: certificates\n  path: src/api/external/cert-manager.io/v1\n  controller: true\n',
    );
    expect(readdirSync(join(dir, 'config/crd/bases'))).toEqual(['web.example.com_sites.yaml']);
    expect(readFileSync(join(dir, 'config/rbac/role.yaml'), 'utf8')).toMatch(
      /- apiGroups:\n {2}- cert-manager\.io\n {2}resources:\n {2}- certificates\n/,
    );
    expect(existsSync(join(dir, 'src/api/external/cert-manager.io/v1/certificate.types.ts'))).toBe(true);
  });

  it('type-checks under strict', async () => {
    const tsc = await execa(
      process.execPath,
      [join(repoRoot, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json', '--noEmit'],
      { cwd: dir, reject: false },
    );
    expect(`${tsc.stdout}${tsc.stderr}`).toBe('');
  });

  describe('on envtest with the imported CRD installed', () => {
    let env: TestEnv | undefined;
    let mgr: Manager | undefined;
    const stop = new AbortController();
    let running: Promise<void> | undefined;

    beforeAll(async () => {
      env = await startTestEnv({
        crdDirectoryPaths: [join(dir, 'config/crd/bases'), CRD],
        errorIfCRDPathMissing: true,
      });
      mgr = await createManager({
        kubeConfig: env.kubeConfig,
        metricsBindAddress: '0',
        healthProbeBindAddress: '0',
        logger: silentLogger(),
        fieldManager: 'site-operator',
      });
      const { SiteReconciler } = (await import(join(dir, 'src/controllers/site.controller.ts'))) as {
        SiteReconciler: new (client: Manager['client']) => { setupWithManager(mgr: Manager): unknown };
      };
      new SiteReconciler(mgr.client).setupWithManager(mgr);
      running = mgr.start(stop.signal);
      running.catch(() => undefined);
    });

    afterAll(async () => {
      stop.abort();
      await running?.catch(() => undefined);
      await env?.stop();
    });

    it('creates an owned Certificate and follows its Ready condition', async () => {
      const { SiteResource } = (await import(join(dir, 'src/api/v1/zz_generated.resources.ts'))) as {
        SiteResource: ResourceDescriptor<
          KubernetesObject & {
            spec: { host: string; issuer: string };
            status?: { conditions?: { type: string; status: string; message: string }[] };
          }
        >;
      };
      const { CertificateResource } = (await import(
        join(dir, 'src/api/external/cert-manager.io/v1/certificate.resource.ts')
      )) as { CertificateResource: ResourceDescriptor<KubernetesObject & { spec?: unknown; status?: unknown }> };
      const client = (mgr as Manager).client;
      await client.create(SiteResource, {
        apiVersion: SiteResource.apiVersion,
        kind: 'Site',
        metadata: { namespace: 'default', name: 'blog' },
        spec: { host: 'blog.example.com', issuer: 'letsencrypt' },
      });
      const cert = await waitFor(
        'the Certificate',
        async () =>
          await client.get(CertificateResource, { namespace: 'default', name: 'blog-tls' }).catch(() => undefined),
      );
      expect(cert.spec).toMatchObject({
        secretName: 'blog-tls',
        dnsNames: ['blog.example.com'],
        issuerRef: { name: 'letsencrypt', kind: 'ClusterIssuer' },
        usages: ['server auth'],
      });
      expect(cert.metadata?.ownerReferences).toEqual([
        expect.objectContaining({ kind: 'Site', name: 'blog', controller: true }),
      ]);
      await waitFor('Site Ready=Unknown', async () => {
        const s = await client.get(SiteResource, { namespace: 'default', name: 'blog' });
        return s.status?.conditions?.find((c) => c.type === 'Ready' && c.status === 'Unknown');
      });
      // What cert-manager would do once the certificate is issued; the Site controller sees it through .owns().
      await client.status().update(CertificateResource, {
        ...cert,
        status: {
          conditions: [
            {
              type: 'Ready',
              status: 'True',
              reason: 'Ready',
              message: 'Certificate is up to date',
              lastTransitionTime: new Date().toISOString(),
            },
          ],
        },
      });
      const ready = await waitFor('Site Ready=True', async () => {
        const s = await client.get(SiteResource, { namespace: 'default', name: 'blog' });
        return s.status?.conditions?.find((c) => c.type === 'Ready' && c.status === 'True');
      });
      expect(ready.message).toBe('Certificate is up to date');
    });
  });
});
