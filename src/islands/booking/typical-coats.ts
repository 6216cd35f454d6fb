import type { Coat } from '../../domain/booking-api-schemas.ts';

/**
 * The coat most dogs of a breed have, used only to pre-fill the coat question once a breed is chosen
 * (the owner sees it and changes it when their dog differs). It saves a tap for most visitors; breeds
 * whose coats vary too much to guess (and 'None/Other') are left for the owner to choose.
 */
const BY_COAT: Record<Exclude<Coat, 'matted'>, string[]> = {
  short: [
    'beagle',
    'boxer',
    'bulldog',
    'french-bulldog',
    'greyhound',
    'jack-russell-terrier',
    'pug',
    'rottweiler',
    'staffordshire-bull-terrier',
    'weimaraner',
    'whippet',
  ],
  double: [
    'akita',
    'bernese-mountain-dog',
    'border-collie',
    'chow-chow',
    'german-shepherd',
    'golden-retriever',
    'labrador-retriever',
    'newfoundland',
    'old-english-sheepdog',
    'pomeranian',
    'samoyed',
    'shiba-inu',
    'siberian-husky',
  ],
  wire: [
    'airedale-terrier',
    'border-terrier',
    'miniature-schnauzer',
    'schnauzer-standard',
    'scottish-terrier',
    'west-highland-white-terrier',
  ],
  long: ['havanese', 'lhasa-apso', 'maltese', 'papillon', 'shih-tzu', 'yorkshire-terrier'],
  medium: [
    'bichon-frise',
    'cavalier-king-charles-spaniel',
    'cavapoo',
    'cockapoo',
    'cocker-spaniel',
    'goldendoodle',
    'labradoodle',
    'maltipoo',
    'poodle-miniature',
    'poodle-standard',
    'poodle-toy',
    'springer-spaniel',
  ],
};

const TYPICAL = new Map<string, Coat>(
  Object.entries(BY_COAT).flatMap(([coat, breeds]) => breeds.map((breed) => [breed, coat as Coat] as const)),
);

export function typicalCoat(breedId: string | null | undefined): Coat | null {
  return breedId ? (TYPICAL.get(breedId) ?? null) : null;
}
