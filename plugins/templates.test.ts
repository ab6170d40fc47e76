import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { API, INIT, newProjectDir, removeProjectDirs, runCli, WEBHOOK } from '../src/cli/fixtures/cli-harness.js';
import { TemplateRenderer } from '../src/machinery/render.js';
import { templatesRoot } from '../src/machinery/template-root.js';

function listTemplates(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const abs = join(dir, entry);
    return statSync(abs).isDirectory()
      ? listTemplates(abs)
      : entry.endsWith('.hbs')
        ? [relative(templatesRoot(), abs)]
        : [];
  });
}

describe('templates', () => {
  const rendered = new Set<string>();
  const original = TemplateRenderer.prototype.render;
  const spy = vi.spyOn(TemplateRenderer.prototype, 'render').mockImplementation(function (
    this: TemplateRenderer,
    template,
    data,
  ) {
    rendered.add(template);
    return original.call(this, template, data);
  });
  afterAll(() => {
    spy.mockRestore();
    removeProjectDirs();
  });

  it('every descriptor template exists and every .hbs is used by a descriptor', async () => {
    // Scenarios covering every branch that picks templates: init, API + controller, built-in controller,
    // all webhook types. A missing template fails the command (ENOENT while rendering).
    const dir = newProjectDir();
    const steps: string[][] = [
      [...INIT],
      [...API],
      ['create', 'api', '--group', 'cache', '--version', 'v1', '--kind', 'Memcached', '--controller=false'],
      ['create', 'api', '--group', 'apps', '--version', 'v1', '--kind', 'Deployment', '--resource=false'],
      [...WEBHOOK, '--defaulting', '--programmatic-validation'],
      [
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
      ],
      ['create', 'webhook', '--group', 'core', '--version', 'v1', '--kind', 'Pod', '--sidecar-injection'],
    ];
    for (const step of steps) {
      const r = await runCli(dir, ...step);
      expect(r.err, step.join(' ')).toBe('');
      expect(r.code).toBe(0);
    }
    // A Helm-hybrid kind over the example chart; its warning names the one kind of the chart with no descriptor.
    const chart = fileURLToPath(new URL('../docs/examples/helm-hybrid/webapp', import.meta.url));
    const hybrid = await runCli(
      dir,
      'create',
      'api',
      '--plugins',
      'helm-hybrid/v1',
      '--group',
      'cache',
      '--version',
      'v1',
      '--kind',
      'WebApp',
      '--helm-chart',
      chart,
    );
    expect(hybrid.code, hybrid.err).toBe(0);
    expect(hybrid.err).toMatch(/gateway\.networking\.k8s\.io\/v1 HTTPRoute, which has no descriptor/);
    // The Helm chart is built from the kustomize output; a manager Deployment is the least it needs.
    mkdirSync(join(dir, 'dist'), { recursive: true });
    writeFileSync(
      join(dir, 'dist/install.yaml'),
      'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: p-controller-manager\n  namespace: p-system\nspec:\n  template:\n    spec:\n      containers:\n      - name: manager\n        image: controller:latest\n',
    );
    const helm = await runCli(dir, 'edit', '--plugins', 'helm/v1');
    expect(helm.code, helm.err).toBe(0);
    const istio = await runCli(dir, 'edit', '--plugins', 'istio/v1');
    expect(istio.code, istio.err).toBe(0);
    const grafana = await runCli(dir, 'edit', '--plugins', 'grafana/v1');
    expect(grafana.code, grafana.err).toBe(0);
    expect([...rendered].sort()).toEqual(listTemplates(templatesRoot()).sort());
  });
});
