import { beforeAll, describe, expect, it } from 'vitest';
import * as customersModule from '../../netlify/functions/management-customers.ts';
import lookupHandler from '../../netlify/functions/management-customer-lookup.ts';
import { CustomerListResponseSchema } from '../../src/domain/customer-records.ts';
import { searchWords } from '../../src/domain/customer-search.ts';
import { CustomerLookupResponseSchema } from '../../src/domain/schedule.ts';
import { query } from '../../src/server/db.ts';
import { call, insertBooking, staffMember, type Handler } from '../helpers/staff-records.ts';
import { useTestDatabase } from '../helpers/test-database.ts';
import { routed } from '../helpers/netlify-context.ts';

const customersHandler = routed(customersModule);

/**
 * One search rule for the phone booking's lookup and Customers (docs/decisions/073): a surname, the
 * last digits of a number, any spelling of it, a dog, an e-mail address find the same people on
 * both screens, so staff find a known caller instead of making a second record.
 */
useTestDatabase({ seed: true });
let key: string;
beforeAll(async () => {
  ({ key } = await staffMember('Search Tester'));
  const people: Array<[string, string, string, string]> = [
    ['Amira Khan', '+447700900123', 'amira@example.com', 'Pickle'],
    ['Yusuf Khan-Ali', '+447911555123', 'yusuf@example.org', 'Dottie'],
    ['Nell Okafor', '+447700123900', 'nell.okafor@example.net', 'Khandi'],
    ['Grace Hopper', '+447700654321', 'grace@example.com', 'Cobol'],
  ];
  // A day apart: every booking needs a grooming table of its own.
  for (const [i, [name, phone, email, dog]] of people.entries())
    await insertBooking({
      customer: { name, phone, email },
      dog: { name: dog },
      start: new Date(Date.now() - (i + 1) * 86_400_000),
    });
});

const customers = async (q: string) => {
  const res = await call(
    customersHandler as Handler,
    'GET',
    `/v1.0.1/management/customers?q=${encodeURIComponent(q)}`,
    {
      key,
    },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return CustomerListResponseSchema.parse(res.body).customers.map((c) => c.name);
};
const lookup = async (q: string) => {
  const res = await call(
    lookupHandler as Handler,
    'GET',
    `/v1.0.1/management/customer-lookup?q=${encodeURIComponent(q)}`,
    { key },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return CustomerLookupResponseSchema.parse(res.body).customers.map((c) => c.name);
};

describe('both searches find', () => {
  it.each([
    ['a surname', 'Khan', ['Amira Khan', 'Nell Okafor', 'Yusuf Khan-Ali']],
    ['a surname in lower case, with a first name', 'amira khan', ['Amira Khan']],
    ['the last digits of a number', '900123', ['Amira Khan']],
    ['the last digits, spaced', '900 123', ['Amira Khan']],
    ['the last three digits', '123', ['Amira Khan', 'Yusuf Khan-Ali']],
    ['a number as written on a card', '07700 900123', ['Amira Khan']],
    ['a number in international form', '+44 7700 900123', ['Amira Khan']],
    ['a number with its (0)', '+44 (0)7700 900123', ['Amira Khan']],
    ['the start of a number', '07700 9', ['Amira Khan']],
    ['a surname and the last digits', 'khan 123', ['Amira Khan', 'Yusuf Khan-Ali']],
    ["a dog's name", 'pickle', ['Amira Khan']],
    ['an e-mail address', 'nell.okafor@', ['Nell Okafor']],
    ['nobody', 'khanage', []],
    ['not the middle of a word', 'han', []],
    ['not the middle of a number', '0090', []],
  ])('%s: %j', async (_how, q, expected) => {
    expect(await customers(q)).toEqual(expected);
    expect(await lookup(q)).toEqual(expected);
  });

  it('the phone booking finds nobody by text with nothing to match, where Customers lists everyone', async () => {
    expect(await lookup('%%')).toEqual([]);
    expect(await customers('%%')).toEqual(
      expect.arrayContaining(['Amira Khan', 'Grace Hopper', 'Nell Okafor', 'Yusuf Khan-Ali']),
    );
  });
});

it('folds words in the domain exactly as the index does (search_words)', async () => {
  for (const name of ['Zoë O’Brien', "D'Arcy  ŁUKASZ-Nowak", 'José Ñúñez 2', 'Khan-Ali', 'Ørsted Åberg']) {
    const [row] = await query<{ words: string[] }>('SELECT search_words($1) AS words', [name]);
    expect([...searchWords(name)].sort(), name).toEqual([...row!.words].sort());
  }
});
