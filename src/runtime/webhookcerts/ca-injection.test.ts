import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { builtin } from '../builtin.js';
import { FakeClient } from '../fake/client.js';
import { newLogger } from '../log/logger.js';
import { injectCABundle } from './ca-injection.js';

/** recordingLogger keeps the messages of every record. */
function recordingLogger(): { messages: string[]; log: ReturnType<typeof newLogger> } {
  const messages: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _enc, done) {
      messages.push((JSON.parse(chunk.toString()) as { msg: string }).msg);
      done();
    },
  });
  return { messages, log: newLogger({ level: 'info', destination }) };
}

const settle = () => new Promise((r) => setImmediate(r));

describe('injectCABundle', () => {
  it('sets caBundle on every webhook, and reports a missing target once until it appears', async () => {
    const client = new FakeClient();
    await client.create(builtin.ValidatingWebhookConfiguration, {
      apiVersion: 'admissionregistration.k8s.io/v1',
      kind: 'ValidatingWebhookConfiguration',
      metadata: { name: 'v' },
      webhooks: [
        {
          name: 'a.example.com',
          admissionReviewVersions: ['v1'],
          sideEffects: 'None',
          clientConfig: { url: 'https://a' },
        },
        {
          name: 'b.example.com',
          admissionReviewVersions: ['v1'],
          sideEffects: 'None',
          clientConfig: { url: 'https://b' },
        },
      ],
    });
    const { messages, log } = recordingLogger();
    const targets = { validatingWebhookConfigurations: ['v'], mutatingWebhookConfigurations: ['m'] };
    const unavailable = new Set<string>();
    const pem = '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n';
    expect(await injectCABundle(client, targets, pem, log, unavailable)).toBe(true);
    expect(await injectCABundle(client, targets, pem, log, unavailable)).toBe(true);
    await settle();
    const stored = await client.get(builtin.ValidatingWebhookConfiguration, { name: 'v' });
    expect(stored.webhooks?.map((w) => w.clientConfig.caBundle)).toEqual([
      Buffer.from(pem).toString('base64'),
      Buffer.from(pem).toString('base64'),
    ]);
    expect(messages.filter((m) => m === 'webhook configuration not found; caBundle not injected')).toHaveLength(1);
    expect(messages.filter((m) => m === 'injected the webhook CA bundle')).toHaveLength(1);
    await client.create(builtin.MutatingWebhookConfiguration, {
      apiVersion: 'admissionregistration.k8s.io/v1',
      kind: 'MutatingWebhookConfiguration',
      metadata: { name: 'm' },
      webhooks: [],
    });
    await injectCABundle(client, targets, pem, log, unavailable);
    await client.delete(builtin.MutatingWebhookConfiguration, { name: 'm' });
    await injectCABundle(client, targets, pem, log, unavailable);
    await settle();
    expect(messages.filter((m) => m === 'webhook configuration not found; caBundle not injected')).toHaveLength(2);
  });
});
