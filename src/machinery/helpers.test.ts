import { describe, expect, it } from 'vitest';
import { camel, json, kebab, lower, pascal, plural, upper } from './helpers.js';
import { TemplateRenderer } from './render.js';

describe('template helpers', () => {
  it('change case', () => {
    expect(lower('MemCached')).toBe('memcached');
    expect(upper('abc')).toBe('ABC');
    expect(pascal('memcached-operator')).toBe('MemcachedOperator');
    expect(camel('MemcachedOperator')).toBe('memcachedOperator');
    expect(kebab('MemcachedOperator')).toBe('memcached-operator');
    expect(kebab('HTTPRoute')).toBe('http-route');
  });

  it('pluralise like Kubernetes resource names', () => {
    expect(plural('Memcached')).toBe('memcacheds');
    expect(plural('Policy')).toBe('policies');
    expect(plural('Ingress')).toBe('ingresses');
    expect(plural('Deployment')).toBe('deployments');
  });

  it('render JSON literals', () => {
    expect(json('a"b')).toBe('"a\\"b"');
    expect(json(['x'])).toBe('["x"]');
  });
});

describe('TemplateRenderer', () => {
  const r = new TemplateRenderer('/nonexistent');

  it('does not HTML-escape', () => {
    expect(r.renderString("const a = '{{v}}';", { v: "<b>&'" })).toBe("const a = '<b>&'';");
  });

  it('is strict: a missing variable throws', () => {
    expect(() => r.renderString('{{missing}}', {})).toThrow(/missing/);
  });

  it('exposes the helper set to templates, not shadowing data fields', () => {
    expect(
      r.renderString('{{pascal name}} {{kebab name}} {{pluralOf kind}} {{plural}}', {
        name: 'my-op',
        kind: 'Memcached',
        plural: 'mems',
      }),
    ).toBe('MyOp my-op memcacheds mems');
  });
});
