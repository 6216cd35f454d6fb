/**
 * The people and dogs of the living demo shop (seeds/living-shop.ts). Invented: names as a Leyton
 * groomer's book would hold them, numbers only from Ofcom's drama range (07700 900000–900999, never
 * anyone's phone) and addresses at example.com (never anyone's inbox).
 */

/** A breed the demo's dogs are, with its usual weight, coat and the services such a dog has. */
export interface DemoBreed {
  id: string;
  kg: [number, number];
  coat: 'short' | 'medium' | 'long' | 'double' | 'wire';
  services: string[];
}

export const DEMO_BREEDS: DemoBreed[] = [
  { id: 'cockapoo', kg: [7, 12], coat: 'long', services: ['full', 'full', 'full', 'tidy', 'nails'] },
  { id: 'cavapoo', kg: [5, 9], coat: 'long', services: ['full', 'full', 'shower', 'tidy'] },
  { id: 'labrador-retriever', kg: [26, 36], coat: 'double', services: ['shower', 'deshed', 'nails'] },
  { id: 'golden-retriever', kg: [25, 34], coat: 'double', services: ['deshed', 'full', 'shower'] },
  { id: 'shih-tzu', kg: [4, 8], coat: 'long', services: ['full', 'full', 'tidy', 'ears-teeth'] },
  { id: 'miniature-schnauzer', kg: [5, 9], coat: 'wire', services: ['full', 'hand-strip', 'tidy'] },
  { id: 'border-terrier', kg: [5, 7], coat: 'wire', services: ['hand-strip', 'nails'] },
  { id: 'staffordshire-bull-terrier', kg: [11, 17], coat: 'short', services: ['shower', 'nails', 'ears-teeth'] },
  { id: 'french-bulldog', kg: [8, 13], coat: 'short', services: ['shower', 'nails', 'ears-teeth'] },
  { id: 'cocker-spaniel', kg: [12, 15], coat: 'medium', services: ['full', 'full', 'tidy'] },
  { id: 'west-highland-white-terrier', kg: [6, 9], coat: 'wire', services: ['full', 'hand-strip'] },
  { id: 'dachshund', kg: [7, 12], coat: 'short', services: ['shower', 'nails'] },
  { id: 'siberian-husky', kg: [18, 25], coat: 'double', services: ['deshed', 'deshed', 'shower'] },
  { id: 'poodle-miniature', kg: [5, 8], coat: 'long', services: ['full', 'full', 'ears-teeth'] },
  { id: 'bichon-frise', kg: [4, 7], coat: 'long', services: ['full', 'tidy'] },
  { id: 'labradoodle', kg: [20, 30], coat: 'long', services: ['full', 'full', 'shower'] },
  { id: 'pomeranian', kg: [2, 4], coat: 'double', services: ['full', 'puppy', 'nails'] },
  { id: 'whippet', kg: [11, 15], coat: 'short', services: ['shower', 'nails'] },
  { id: 'yorkshire-terrier', kg: [2, 4], coat: 'long', services: ['full', 'tidy', 'puppy'] },
  { id: 'springer-spaniel', kg: [18, 23], coat: 'medium', services: ['full', 'shower'] },
];

export interface DemoPerson {
  name: string;
  /** The last three digits of 07700 900xxx. */
  phone: number;
  dogs: { name: string; breed: string }[];
  notes?: string;
}

export const DEMO_PEOPLE: DemoPerson[] = [
  { name: 'Aisha Khan', phone: 101, dogs: [{ name: 'Biscuit', breed: 'cockapoo' }] },
  { name: 'Imran Khan', phone: 102, dogs: [{ name: 'Simba', breed: 'pomeranian' }] },
  {
    name: 'Sarah Mitchell',
    phone: 103,
    dogs: [
      { name: 'Bella', breed: 'cavapoo' },
      { name: 'Teddy', breed: 'bichon-frise' },
    ],
    notes: 'Two dogs: likes them groomed side by side.',
  },
  { name: 'James O’Connor', phone: 104, dogs: [{ name: 'Murphy', breed: 'springer-spaniel' }] },
  { name: 'Chloe Bennett', phone: 105, dogs: [{ name: 'Luna', breed: 'siberian-husky' }] },
  { name: 'Daniel Adeyemi', phone: 106, dogs: [{ name: 'Rocco', breed: 'staffordshire-bull-terrier' }] },
  { name: 'Emily Clarke', phone: 107, dogs: [{ name: 'Poppy', breed: 'shih-tzu' }] },
  { name: 'Tom Hughes', phone: 108, dogs: [{ name: 'Alfie', breed: 'border-terrier' }] },
  {
    name: 'Priya Patel',
    phone: 109,
    dogs: [
      { name: 'Coco', breed: 'miniature-schnauzer' },
      { name: 'Pepper', breed: 'miniature-schnauzer' },
    ],
  },
  { name: 'Oliver Davies', phone: 110, dogs: [{ name: 'Max', breed: 'labrador-retriever' }] },
  {
    name: 'Fatima Begum',
    phone: 111,
    dogs: [{ name: 'Daisy', breed: 'cockapoo' }],
    notes: 'Prefers a text, not a call.',
  },
  { name: 'Grace Thompson', phone: 112, dogs: [{ name: 'Hugo', breed: 'french-bulldog' }] },
  { name: 'Kwame Mensah', phone: 113, dogs: [{ name: 'Bruno', breed: 'labradoodle' }] },
  { name: 'Sophie Walker', phone: 114, dogs: [{ name: 'Milo', breed: 'cocker-spaniel' }] },
  { name: 'Harry Robinson', phone: 115, dogs: [{ name: 'Winston', breed: 'west-highland-white-terrier' }] },
  { name: 'Zoë Novak', phone: 116, dogs: [{ name: 'Pip', breed: 'yorkshire-terrier' }] },
  { name: 'Mohammed Ali', phone: 117, dogs: [{ name: 'Buster', breed: 'golden-retriever' }] },
  { name: 'Hannah Wright', phone: 118, dogs: [{ name: 'Maple', breed: 'poodle-miniature' }] },
  { name: 'Lucy Green', phone: 119, dogs: [{ name: 'Otis', breed: 'dachshund' }] },
  {
    name: 'Ben Carter',
    phone: 120,
    dogs: [
      { name: 'Ruby', breed: 'whippet' },
      { name: 'Nell', breed: 'whippet' },
    ],
  },
  { name: 'Amara Okonkwo', phone: 121, dogs: [{ name: 'Cookie', breed: 'cavapoo' }] },
  { name: 'Jack Turner', phone: 122, dogs: [{ name: 'Bear', breed: 'labradoodle' }] },
  { name: 'Mia Rossi', phone: 123, dogs: [{ name: 'Lola', breed: 'shih-tzu' }] },
  { name: 'Ravi Sharma', phone: 124, dogs: [{ name: 'Ziggy', breed: 'cockapoo' }] },
  { name: 'Ellie Morgan', phone: 125, dogs: [{ name: 'Frankie', breed: 'french-bulldog' }] },
  { name: 'Samuel Osei', phone: 126, dogs: [{ name: 'Duke', breed: 'labrador-retriever' }] },
  { name: 'Laura Kowalski', phone: 127, dogs: [{ name: 'Nala', breed: 'golden-retriever' }] },
  { name: 'Georgia Hall', phone: 128, dogs: [{ name: 'Willow', breed: 'cockapoo' }] },
  { name: 'Nadia Hussain', phone: 129, dogs: [{ name: 'Mochi', breed: 'pomeranian' }] },
  { name: 'Chris Evans', phone: 130, dogs: [{ name: 'Barney', breed: 'border-terrier' }] },
];

export const TEMPERAMENTS = [
  'Calm on the table; loves the dryer.',
  'Nervous of clippers near the face: scissor the muzzle.',
  'Wriggly for nails; two people for the back feet.',
  'Friendly, a bit vocal when the owner leaves.',
  'Sensitive skin: hypoallergenic shampoo only.',
  'Does not like other dogs close by: the far table.',
  '',
  '',
];

export const VETS = [
  { name: 'Leyton Green Vets', phone: '07700 900801' },
  { name: 'Bakers Arms Veterinary Surgery', phone: '07700 900802' },
  { name: 'Walthamstow Pet Clinic', phone: '07700 900803' },
];

/** Parts for the rest of the book: regulars come every few weeks, so a shop this busy has many. */
export const FIRST_NAMES = [
  'Olivia',
  'Noah',
  'Amelia',
  'Yusuf',
  'Isla',
  'Leo',
  'Ava',
  'Arjun',
  'Freya',
  'Ethan',
  'Maryam',
  'Oscar',
  'Ruth',
  'Kofi',
  'Jessica',
  'Adam',
  'Niamh',
  'Tariq',
  'Holly',
  'Marcus',
  'Anya',
  'Callum',
  'Safiya',
  'Rhys',
  'Evie',
  'Dev',
  'Martha',
  'Luca',
  'Bethany',
  'Sunil',
];
export const SURNAMES = [
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Williams',
  'Wilson',
  'Johnson',
  'Ahmed',
  'Singh',
  'Campbell',
  'Murphy',
  'Kaur',
  'Edwards',
  'Fraser',
  'Nwosu',
  'Rahman',
  'Lewis',
  'Baker',
  'Costa',
  'Iqbal',
  'Price',
  'Walsh',
];
export const DOG_NAMES = [
  'Bonnie',
  'Archie',
  'Rosie',
  'Charlie',
  'Millie',
  'Ted',
  'Honey',
  'Louie',
  'Peanut',
  'Marley',
  'Hazel',
  'Benji',
  'Toffee',
  'Reggie',
  'Olive',
  'Dexter',
  'Tilly',
  'Buddy',
  'Mabel',
  'Rolo',
  'Bailey',
  'Ivy',
  'Jasper',
  'Skye',
];
