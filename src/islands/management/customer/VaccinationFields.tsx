import type { Vaccination } from '../../../domain/customer-records.ts';
import { TextField } from '../../forms/TextField.tsx';

/** The vaccinations of a dog's form: a name and the day it runs out per row, rows added and removed. */
export function VaccinationFields({
  id,
  rows,
  onChange,
}: {
  id: string;
  rows: Vaccination[];
  onChange(rows: Vaccination[]): void;
}) {
  const change = (i: number, to: Partial<Vaccination>) => onChange(rows.map((v, j) => (j === i ? { ...v, ...to } : v)));
  return (
    <fieldset className="rec-fieldset">
      <legend>Vaccinations</legend>
      {rows.map((v, i) => (
        <div className="rec-pair rec-vaccination" key={i}>
          <TextField
            id={`${id}-${i}-name`}
            label={`Vaccination ${i + 1}`}
            maxLength={60}
            value={v.name}
            onChange={(name) => change(i, { name })}
          />
          <TextField
            id={`${id}-${i}-until`}
            label="Runs out on"
            type="date"
            value={v.expiresOn}
            onChange={(expiresOn) => change(i, { expiresOn })}
          />
          <button
            type="button"
            className="link-button mgmt-danger"
            onClick={() => onChange(rows.filter((_, j) => j !== i))}
          >
            Remove vaccination {i + 1}
          </button>
        </div>
      ))}
      <button type="button" className="link-button" onClick={() => onChange([...rows, { name: '', expiresOn: '' }])}>
        Add a vaccination
      </button>
    </fieldset>
  );
}
