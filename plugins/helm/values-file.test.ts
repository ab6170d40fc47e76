import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { isUserError } from '../../src/index.js';
import { mergeValues, renderValues } from './values-file.js';
import { chartValues, defaultsOf, valuesSchema, type ValuesInput } from './values-model.js';

const INPUT: ValuesInput = {
  replicas: 1,
  image: { repository: 'controller', tag: '', pullPolicy: '' },
  resources: { limits: { cpu: '500m' } },
  leaderElection: true,
  metrics: { enable: true, port: 8443, secure: true },
  webhooks: true,
  webhookSecretName: 'webhook-server-cert',
  crds: true,
  serviceMonitor: false,
  networkPolicy: false,
};

describe('values.yaml', () => {
  it('holds the defaults of the model with their descriptions as comments', () => {
    const model = chartValues(INPUT);
    const text = renderValues(model);
    expect(parse(text)).toEqual(defaultsOf(model));
    expect(text).toContain(
      '  # Number of manager pods; with more than one, leader election keeps one active.\n  replicas: 1\n',
    );
    expect(text).toMatch(/\n\n# The admission and conversion webhook server\.\nwebhook:\n/);
  });

  it('leaves out the sections of what the project does not have', () => {
    const values = defaultsOf(chartValues({ ...INPUT, webhooks: false, crds: false })) as Record<string, unknown>;
    expect(Object.keys(values)).toEqual([
      'nameOverride',
      'fullnameOverride',
      'manager',
      'serviceAccount',
      'metrics',
      'prometheus',
      'networkPolicy',
    ]);
  });

  it("has a schema that closes the chart's maps but not the top level", () => {
    const schema = valuesSchema(chartValues(INPUT)) as {
      additionalProperties: boolean;
      properties: Record<string, { additionalProperties: boolean }>;
    };
    expect(schema.additionalProperties).toBe(true);
    expect(schema.properties['manager']!.additionalProperties).toBe(false);
  });
});

describe('mergeValues', () => {
  const model = chartValues(INPUT);
  const fresh = renderValues(model);

  it('changes nothing in a file that is up to date', () => {
    expect(mergeValues(fresh, model, 'values.yaml')).toEqual({ text: fresh, notes: [] });
  });

  it("keeps edited values and comments, adds new keys, removes unknown ones inside the chart's maps, keeps the user's top-level keys", () => {
    const edited =
      fresh
        .replace('  replicas: 1\n', '  replicas: 4 # mine\n  replicaz: 2\n')
        .replace(/\n# The admission[^\n]*\nwebhook:\n(?: {2}.*\n)+/, '\n') + 'global:\n  x: 1\n';
    const merged = mergeValues(edited, model, 'values.yaml');
    expect(merged.notes).toEqual([
      'kept manager.replicas: 4 (default: 1)',
      'removed manager.replicaz (the chart does not read it)',
      'added webhook: {"enable":true,"certManager":{"enable":true},"certificate":{"secretName":"webhook-server-cert","caBundle":""}}',
    ]);
    expect(merged.text).toContain('  replicas: 4 # mine\n');
    expect(merged.text).toContain('\n# The admission and conversion webhook server.\nwebhook:\n  # Serve the webhooks');
    expect(parse(merged.text)).toMatchObject({ global: { x: 1 }, manager: { replicas: 4 } });
    expect((parse(merged.text) as { manager: Record<string, unknown> }).manager['replicaz']).toBeUndefined();
  });

  it('names the file and line of a value that cannot be merged', () => {
    const broken = fresh.replace(/^manager:\n/m, 'manager: 3\nold:\n');
    try {
      mergeValues(broken, model, 'dist/chart/values.yaml');
      expect.fail('expected a UserError');
    } catch (err) {
      expect(isUserError(err)).toBe(true);
      expect((err as Error).message).toMatch(/^dist\/chart\/values\.yaml:\d+: manager must be a map$/);
    }
    expect(() => mergeValues('a: [', model, 'v.yaml')).toThrow(/^v\.yaml:1: invalid YAML/);
  });
});
