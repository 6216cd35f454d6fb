import { describe, expect, it } from 'vitest';
import { API_HEADERS as CONTRACT } from '../domain/api.ts';
import {
  API_HEADERS,
  buildHeaders,
  clickIdsFromSearch,
  isSendableHeaderValue,
  landingPageOf,
  type HeaderInputs,
} from './headers.ts';

const none: HeaderInputs = {
  stored: {},
  sessionId: null,
  landingPage: null,
  visitorId: null,
  accessKey: null,
  gclid: null,
  statistics: true,
};

describe('buildHeaders', () => {
  it('uses the header names of the shared API contract', () => {
    expect(API_HEADERS).toEqual(CONTRACT);
  });

  it('sends nothing when nothing is known', () => {
    expect(buildHeaders(none)).toEqual({});
  });

  it('sends every spec header that has a value', () => {
    expect(
      buildHeaders({
        ...none,
        sessionId: 's1',
        landingPage: '{"url":"https://x/","path":"/"}',
        visitorId: 'v1',
        accessKey: 'k1',
        gclid: 'abc',
      }),
    ).toEqual({
      'x-session-id': 's1',
      'x-landing-page': '{"url":"https://x/","path":"/"}',
      'x-visitor-id': 'v1',
      'x-access-key': 'k1',
      'x-gclid': 'abc',
    });
  });

  it('sends only the access key when the visitor objected to statistics', () => {
    expect(
      buildHeaders({ ...none, statistics: false, sessionId: 's', visitorId: 'v', gclid: 'g', accessKey: 'k' }),
    ).toEqual({
      'x-access-key': 'k',
    });
  });

  it('adds stored headers but never lets them stand in for a spec header', () => {
    expect(
      buildHeaders({
        ...none,
        stored: {
          'X-Access-Key': 'stale',
          'x-session-id': 'old',
          'X-Extra': 'yes',
          'bad name': 'x',
          'x-empty': undefined,
        },
      }),
    ).toEqual({ 'x-extra': 'yes' });
  });

  it.each([['line\nbreak'], ['caf\u00e9'], [''], ['x'.repeat(4097)]])('drops an unsendable value %j', (value) => {
    expect(isSendableHeaderValue(value)).toBe(false);
    expect(buildHeaders({ ...none, sessionId: value })).toEqual({});
  });
});

describe('clickIdsFromSearch', () => {
  it.each([
    ['', {}],
    ['?gclid=abc', { gclid: 'abc' }],
    ['?fbclid=IwAR1&x=1', { fbclid: 'IwAR1' }],
    ['?gclid=a&fbclid=b', { gclid: 'a', fbclid: 'b' }],
    ['?gclid=%20%20', {}],
    ['?gclid=' + 'a'.repeat(257), {}],
    ['?gclid=has%20space', {}],
  ])('%s', (search, expected) => {
    expect(clickIdsFromSearch(search)).toEqual(expected);
  });
});

describe('landingPageOf', () => {
  it('keeps the url and path', () => {
    expect(landingPageOf('https://example.com/prices?x=1#top', false)).toEqual({
      url: 'https://example.com/prices?x=1#top',
      path: '/prices',
    });
  });

  it('takes the click ids out without consent and keeps them with it', () => {
    expect(landingPageOf('https://example.com/?gclid=abc&utm=1', false).url).toBe('https://example.com/?utm=1');
    expect(landingPageOf('https://example.com/?gclid=abc&utm=1', true).url).toBe(
      'https://example.com/?gclid=abc&utm=1',
    );
  });
});
