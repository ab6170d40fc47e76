import { describe, expect, it } from 'vitest';
import { TypeNames, itemWord } from './type-names.js';

describe('itemWord', () => {
  it.each([
    ['conditions', 'Condition'],
    ['ipAddresses', 'IpAddress'],
    ['policies', 'Policy'],
    ['people', 'Person'],
    ['indices', 'Index'],
    ['status', 'StatusItem'],
    ['https', 'HttpsItem'],
    ['extra', 'ExtraItem'],
    ['tls-configs', 'TlsConfig'],
  ])('names the items of %s %s', (field, item) => {
    expect(itemWord(field)).toBe(item);
  });
});

describe('TypeNames.claim', () => {
  // json-schema-to-typescript upper-cases a letter that follows digits in every title it declares; a name
  // handed out any other way is referenced under one spelling and declared under another.
  it.each([
    ['CronJobSpecK8sAssociativeListItem', 'CronJobSpecK8SAssociativeListItem'],
    ['Ipv4config', 'Ipv4Config'],
    ['Http2', 'Http2'],
  ])('hands out %s as the compiler declares it, %s', (wanted, declared) => {
    expect(new TypeNames().claim(wanted)).toBe(declared);
  });
  it('keeps claimed names unique after that spelling', () => {
    const names = new TypeNames();
    expect(names.claim('A1b')).toBe('A1B');
    expect(names.claim('A1B')).toBe('A1B2');
  });
});
