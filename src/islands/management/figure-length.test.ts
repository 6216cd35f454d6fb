import { describe, expect, it } from 'vitest';
import { figureLength } from './figure-length.ts';

describe('figureLength', () => {
  it.each([
    ['£45.00', undefined],
    ['£1,234.56', undefined],
    ['£12,345.67', 'long'],
    ['£123,456.78', 'long'],
    ['−£123,456.78', 'longer'],
    ['£1,234,567.89', 'longer'],
  ] as const)('%s reads %s', (text, length) => expect(figureLength(text)).toBe(length));
});
