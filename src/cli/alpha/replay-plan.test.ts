import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../machinery/template-root.js';
import { parseProjectFile } from '../../model/project-reader.js';
import { builtinCatalog } from '../plugin-catalog.js';
import { describeStep, replayPlan } from './replay-plan.js';

const golden = (name: string): string => join(packageRoot(), 'e2e/golden', name);
const HEADER = '/*\nCopyright The memcached-operator Authors.\n\nLicensed under the Apache License ...\n*/\n';

function plan(name: string, boilerplate: string | null = HEADER): string[] {
  const file = parseProjectFile(readFileSync(join(golden(name), 'PROJECT'), 'utf8'));
  return replayPlan(file, builtinCatalog(), { root: '/work/p', boilerplate: boilerplate ?? undefined }).map(
    describeStep,
  );
}

describe('replayPlan', () => {
  it('replays init with the recorded settings, each API with its webhook, and a built-in kind without types', () => {
    expect(plan('single-group')).toEqual([
      'operator-ts init --plugins operator-ts.dev/v1 --domain example.com --project-name memcached-operator ' +
        '--owner "The memcached-operator Authors" --skip-install',
      'operator-ts create api --group cache --version v1alpha1 --kind Memcached',
      'operator-ts create webhook --group cache --version v1alpha1 --kind Memcached ' +
        '--defaulting --programmatic-validation',
      'operator-ts create api --group apps --version v1 --kind Deployment --resource=false',
    ]);
  });

  it('replays the layout switches, cluster-scoped kinds and a project without licence header', () => {
    const steps = plan('multigroup', null);
    expect(steps[0]).toBe(
      'operator-ts init --plugins operator-ts.dev/v1 --domain example.com --project-name fleet-operator ' +
        '--multigroup --license none --skip-install',
    );
    expect(steps).toContain('operator-ts create api --group ship --version v2alpha1 --kind Cruiser --namespaced=false');
    expect(plan('namespaced')[0]).toContain(' --namespaced ');
  });

  it('scaffolds a conversion webhook once its spoke versions exist, and an API without controller', () => {
    expect(plan('conversion').slice(1)).toEqual([
      'operator-ts create api --group jobs --version v1 --kind CronJob',
      'operator-ts create webhook --group jobs --version v1 --kind CronJob --defaulting',
      'operator-ts create api --group jobs --version v2 --kind CronJob --controller=false',
      'operator-ts create webhook --group jobs --version v2 --kind CronJob ' +
        '--defaulting --programmatic-validation --conversion --spoke v1',
    ]);
  });

  it('replays the optional plugins of the layout after the APIs and webhooks, with their recorded settings', () => {
    const steps = plan('mesh');
    expect(steps[0]).toContain('--plugins operator-ts.dev/v1 ');
    expect(steps.slice(1)).toEqual([
      'operator-ts create api --group traffic --version v1 --kind Canary',
      'operator-ts create webhook --group traffic --version v1 --kind Canary --defaulting --programmatic-validation',
      // A kind of webhook recorded under the camelCase name of its flag.
      'operator-ts create webhook --group core --version v1 --kind Pod --sidecar-injection',
      'operator-ts edit --plugins istio.operator-ts.dev/v1 --metrics-reader observability/prometheus',
      'operator-ts edit --plugins grafana.operator-ts.dev/v1',
    ]);
  });

  it('replays helm/v1 from the kustomize output and chart files the project holds', () => {
    const text = readFileSync(join(golden('namespaced'), 'PROJECT'), 'utf8')
      .replace('- operator-ts.dev/v1\n', '- operator-ts.dev/v1\n- helm.operator-ts.dev/v1\n')
      .replace('resources:\n', 'plugins:\n  helm.operator-ts.dev/v1:\n    manifests: out/install.yaml\nresources:\n');
    const steps = replayPlan(parseProjectFile(text), builtinCatalog(), { root: '/p', boilerplate: undefined });
    expect(steps.at(-1)).toEqual({
      argv: ['edit', '--plugins', 'helm.operator-ts.dev/v1', '--manifests', 'out/install.yaml'],
      seed: ['out/install.yaml', 'dist/chart/Chart.yaml', 'dist/chart/values.yaml'],
    });
    expect(steps[0]?.argv).toContain('operator-ts.dev/v1');
    expect(steps[0]?.argv.join(' ')).not.toContain('helm');
  });

  it('lets a plugin that recorded a kind scaffold it, from the chart the project holds', () => {
    expect(plan('helm-hybrid').slice(1)).toEqual([
      'operator-ts create api --plugins helm-hybrid.operator-ts.dev/v1 --group web --version v1alpha1 --kind WebApp ' +
        '--helm-chart /work/p/charts/webapp',
    ]);
  });

  it("seeds the licence header so create api and create webhook use the project's own", () => {
    const file = parseProjectFile(readFileSync(join(golden('namespaced'), 'PROJECT'), 'utf8'));
    const [init] = replayPlan(file, builtinCatalog(), { root: '/p', boilerplate: '/* mine */\n' });
    expect(init?.seed).toEqual(['hack/boilerplate.ts.txt']);
    expect(init?.argv).not.toContain('--owner');
  });

  it('reports a layout key no plugin matches at its line of PROJECT', () => {
    const text = readFileSync(join(golden('namespaced'), 'PROJECT'), 'utf8').replace(
      '- operator-ts.dev/v1',
      '- unknown.example.com/v1',
    );
    expect(() => replayPlan(parseProjectFile(text), builtinCatalog(), { root: '/p', boilerplate: undefined })).toThrow(
      /^PROJECT:7:3: no plugin matches "unknown\.example\.com\/v1"/,
    );
  });
});
