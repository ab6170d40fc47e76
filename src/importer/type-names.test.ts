import { describe, expect, it } from 'vitest';
import { itemWord } from './type-names.js';

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
