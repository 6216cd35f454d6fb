import { TextField } from '../../forms/TextField.tsx';
import { wholeNumber } from '../whole-number.ts';
import type { BandValues } from './band-form.ts';

type Field = <K extends keyof BandValues>(key: K) => { value: BandValues[K]; onChange(value: BandValues[K]): void };

/** The breed's name and its full groom's usual length and price band (both ends, or neither). */
export function BandFields({ field, idPrefix, nameLocked }: { field: Field; idPrefix: string; nameLocked?: boolean }) {
  return (
    <>
      <TextField id={`${idPrefix}-name`} label="Name" maxLength={80} readOnly={nameLocked} {...field('name')} />
      <div className="rec-three">
        <TextField
          id={`${idPrefix}-minutes`}
          label="Usual length (minutes)"
          optional
          {...wholeNumber(5, 600, 5)}
          {...field('minutes')}
        />
        <TextField id={`${idPrefix}-from`} label="Price from (£)" optional inputMode="decimal" {...field('from')} />
        <TextField id={`${idPrefix}-to`} label="Price to (£)" optional inputMode="decimal" {...field('to')} />
      </div>
    </>
  );
}
