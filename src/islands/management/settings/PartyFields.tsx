import { RadioGroup } from '../../forms/Choices.tsx';
import { TextField } from '../../forms/TextField.tsx';
import { MAX_DOGS_PER_BOOKING, type PartyPlacementSetting } from '../../../domain/party.ts';
import { wholeNumber } from '../whole-number.ts';

const PLACEMENTS: { value: PartyPlacementSetting; label: string; description: string }[] = [
  { value: 'side_by_side', label: 'Side by side on separate tables', description: 'The dogs start together.' },
  { value: 'one_after_another', label: 'One after the other', description: 'On one table, back to back.' },
  { value: 'either', label: 'Either', description: 'Side by side when tables are free, else one after the other.' },
];

/** Several dogs in one booking (decision 082): how many, and how they share the tables. */
export function PartyFields({
  maxDogs,
  onMaxDogs,
  placement,
  onPlacement,
}: {
  maxDogs: string;
  onMaxDogs(value: string): void;
  placement: PartyPlacementSetting;
  onPlacement(value: PartyPlacementSetting): void;
}) {
  return (
    <fieldset className="rec-fieldset">
      <legend>Several dogs</legend>
      <TextField
        id="rules-max-dogs"
        label="Dogs in one booking, at most"
        hint="1 lets owners book one dog at a time."
        {...wholeNumber(1, MAX_DOGS_PER_BOOKING)}
        value={maxDogs}
        onChange={onMaxDogs}
      />
      <RadioGroup
        id="rules-party-placement"
        label="How several dogs are placed"
        options={PLACEMENTS}
        value={placement}
        onChange={(p) => onPlacement(p as PartyPlacementSetting)}
      />
    </fieldset>
  );
}
