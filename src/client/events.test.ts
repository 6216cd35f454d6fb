import { describe, expect, it } from 'vitest';
import { siteEvent } from './events.ts';

describe('siteEvent', () => {
  it.each([
    ['navigation', '/prices', '/', { name: 'navigation', detail: '/prices', path: '/' }],
    ['call', 'tel:+442085391234', '/contact', { name: 'call', detail: 'tel:+442085391234', path: '/contact' }],
    ['whatsapp_big', null, '/contact', { name: 'whatsapp_big', path: '/contact' }],
    ['online_big', '', '/', { name: 'online_big', path: '/' }],
    ['Navigation', '/x', '/', null],
    ['has space', '/x', '/', null],
    ['', '/x', '/', null],
    [42, '/x', '/', null],
    ['a'.repeat(49), '/x', '/', null],
  ])('%j %j on %s', (name, detail, path, expected) => {
    expect(siteEvent(name, detail, path)).toEqual(expected);
  });

  it('cuts the detail and path to the API bounds', () => {
    const event = siteEvent('email', 'x'.repeat(300), '/'.repeat(2000));
    expect(event?.detail).toHaveLength(256);
    expect(event?.path).toHaveLength(1024);
  });
});
