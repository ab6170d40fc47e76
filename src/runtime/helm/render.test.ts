import { describe, expect, it } from 'vitest';
import { helmMessage, HelmRenderError, parseRender } from './render.js';

describe('parseRender', () => {
  it('keeps objects in order, drops empty documents and leaves hooks out', () => {
    const text = [
      '---',
      '# Source: web/templates/serviceaccount.yaml',
      'apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: web',
      '---\n# Source: web/templates/empty.yaml\n',
      '---',
      'apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: migrate\n  annotations:\n    helm.sh/hook: pre-install',
      '---',
      'apiVersion: v1\nkind: Service\nmetadata:\n  name: web',
    ].join('\n');
    const out = parseRender(text);
    expect(out.objects.map((o) => `${o.kind}/${o.metadata?.name}`)).toEqual(['ServiceAccount/web', 'Service/web']);
    expect(out.skippedHooks).toEqual(['Job/migrate']);
  });

  it('refuses a document that is not an object', () => {
    expect(() => parseRender('- a\n- b\n')).toThrow(HelmRenderError);
  });
});

describe('helmMessage', () => {
  it("joins Helm's error into one line without the prefix and the --debug advice", () => {
    const stderr =
      'Error: webapp/templates/deployment.yaml:41:28\n  executing "webapp/templates/deployment.yaml" at <.Values.image.repository>:\n    can\'t evaluate field repository in type interface {}\n\nUse --debug flag to render out invalid YAML\n';
    expect(helmMessage(stderr)).toBe(
      'webapp/templates/deployment.yaml:41:28 executing "webapp/templates/deployment.yaml" at <.Values.image.repository>: can\'t evaluate field repository in type interface {}',
    );
  });
});
