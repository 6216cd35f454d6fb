import { describe, expect, it } from 'vitest';
import { serviceMinutes } from './service-list.ts';

describe('serviceMinutes', () => {
  it.each([
    [{ duration: 15 }, '15'],
    [{ duration: 15, sizes: [] }, '15'],
    [{ duration: 120, sizes: [{ duration: 150 }, { duration: 105 }, { duration: 120 }] }, '105–150'],
    [{ duration: 60, sizes: [{ duration: 60 }] }, '60'],
  ])('%j takes %s minutes', (service, words) => expect(serviceMinutes(service)).toBe(words));
});
