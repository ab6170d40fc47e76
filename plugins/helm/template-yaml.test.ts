import { describe, expect, it } from 'vitest';
import { expr, renderTemplate, spliceEntries, spliceItems, toYamlOf, whenEntries, whenItems } from './template-yaml.js';

describe('renderTemplate', () => {
  it('writes conditional entries, list items with else branches, splices and toYaml blocks at their indentation', () => {
    const text = renderTemplate(
      {
        metadata: { name: expr('{{ .Release.Name }}'), labels: { a: 'b', ...spliceEntries('.Values.labels') } },
        spec: {
          args: [
            whenItems(
              '.Values.m',
              [expr('--m=:{{ .Values.port }}'), whenItems('not .Values.s', ['--s=false'])],
              ['--m=0'],
            ),
            '--x',
            spliceItems('.Values.extra'),
          ],
          resources: toYamlOf('.Values.resources'),
          ...whenEntries('.Values.w', { volumes: [{ name: 'c' }] }),
        },
      },
      '.Values.enable',
    );
    expect(text).toBe(`{{- if .Values.enable }}
metadata:
  name: {{ .Release.Name }}
  labels:
    a: b
    {{- with .Values.labels }}
    {{- toYaml . | nindent 4 }}
    {{- end }}
spec:
  args:
  {{- if .Values.m }}
  - --m=:{{ .Values.port }}
  {{- if not .Values.s }}
  - --s=false
  {{- end }}
  {{- else }}
  - --m=0
  {{- end }}
  - --x
  {{- with .Values.extra }}
  {{- toYaml . | nindent 2 }}
  {{- end }}
  resources:
    {{- toYaml .Values.resources | nindent 4 }}
  {{- if .Values.w }}
  volumes:
  - name: c
  {{- end }}
{{- end }}
`);
  });

  it('pairs an else with its own conditional when conditionals nest', () => {
    const text = renderTemplate({
      m: { ...whenEntries('.Values.a', { x: 1, ...whenEntries('.Values.b', { y: 2 }, { y: 3 }) }, { x: 0 }) },
    });
    expect(text).toBe(`m:
  {{- if .Values.a }}
  x: 1
  {{- if .Values.b }}
  y: 2
  {{- else }}
  y: 3
  {{- end }}
  {{- else }}
  x: 0
  {{- end }}
`);
  });

  it('keeps a literal {{ of the input out of the template language, also in block scalars', () => {
    expect(renderTemplate({ d: 'use {{ .x }} "here"', e: 'line {{\nnext' })).toBe(
      'd: use {{ `{{` }} .x }} "here"\ne: |-\n  line {{ `{{` }}\n  next\n',
    );
  });

  it('refuses what it cannot place: a conditional opening a list item, a block in a list, a reserved token', () => {
    expect(() => renderTemplate({ l: [{ ...whenEntries('.Values.a', { x: 1 }), y: 2 }] })).toThrow(
      'a list item map must not start with a conditional or splice',
    );
    expect(() => renderTemplate({ l: [toYamlOf('.Values.a')] })).toThrow(
      'a toYaml block must be the value of a map key',
    );
    expect(() => renderTemplate({ l: 'HTPL0QZ' })).toThrow('reserved placeholder');
  });

  it('writes an empty conditional as an empty if block', () => {
    expect(renderTemplate({ a: { b: 1, ...whenEntries('.Values.x', {}) } })).toBe(
      'a:\n  b: 1\n  {{- if .Values.x }}\n  {{- end }}\n',
    );
  });
});
