import type { Coat } from '../../../domain/booking-api-schemas.ts';
import type { DogCard, Vaccination } from '../../../domain/customer-records.ts';

/** A dog's card as typed in the form: the weight as written, the coat '' when not known. */
export interface DogForm {
  weight: string;
  coat: Coat | '';
  temperament: string;
  nervous: boolean;
  vetName: string;
  vetPhone: string;
  vaccinations: Vaccination[];
}

export interface DogChange {
  weightKg?: number;
  coat?: Coat;
  temperament: string;
  nervous: boolean;
  vetName: string;
  vetPhone: string;
  vaccinations: Vaccination[];
}

export function dogFormOf(dog: DogCard): DogForm {
  return {
    weight: dog.weightKg === null ? '' : String(dog.weightKg),
    coat: dog.coat ?? '',
    temperament: dog.temperament,
    nervous: dog.nervous,
    vetName: dog.vetName ?? '',
    vetPhone: dog.vetPhone ?? '',
    vaccinations: dog.vaccinations.map((v) => ({ ...v })),
  };
}

/**
 * What Save sends, or the first thing to put right. A weight is sent only when it changed (each one
 * sent is a new weighing in the dog's history), to a tenth of a kilo; empty vaccination rows are dropped.
 */
export function checkDog(form: DogForm, dog: DogCard): { body: DogChange } | { problem: string } {
  const weightKg = form.weight.trim() ? Number(form.weight.replace(',', '.')) : undefined;
  if (weightKg !== undefined && !(weightKg >= 0.5 && weightKg <= 100))
    return { problem: 'Please give the weight in kilograms, between 0.5 and 100' };
  const vaccinations = form.vaccinations.filter((v) => v.name.trim() || v.expiresOn);
  if (vaccinations.some((v) => !v.name.trim() || !v.expiresOn))
    return { problem: 'Each vaccination needs a name and the day it runs out' };
  return {
    body: {
      ...(weightKg !== undefined && weightKg !== dog.weightKg ? { weightKg: Math.round(weightKg * 10) / 10 } : {}),
      ...(form.coat ? { coat: form.coat } : {}),
      temperament: form.temperament,
      nervous: form.nervous,
      vetName: form.vetName.trim(),
      vetPhone: form.vetPhone.trim(),
      vaccinations: vaccinations.map((v) => ({ name: v.name.trim(), expiresOn: v.expiresOn })),
    },
  };
}
