import { lazy, Suspense } from 'react';
import type { CoatTier } from '../../../domain/check-in.ts';
import { formatPence } from '../../../domain/money.ts';
import { TextField } from '../../forms/TextField.tsx';

// The pad's bytes wait until a surcharge needs agreeing (decision 093).
const SignaturePad = lazy(() => import('./SignaturePad.tsx'));

/**
 * The owner's agreement to a surcharge at the counter (decisions 091, 093): the sum and the new total
 * in words, then their typed name or their signature. Left empty, the dog is checked in and staff
 * can text a link from the booking's dialog.
 */
export function ConsentStep({
  id,
  tier,
  quotePence,
  owner,
  onOwner,
  onSignature,
}: {
  id: string;
  tier: CoatTier;
  quotePence: number;
  owner: string;
  onOwner: (name: string) => void;
  onSignature: (path: string | null) => void;
}) {
  return (
    <fieldset className="rec-fieldset checkin-consent">
      <legend>The owner’s agreement</legend>
      <p>
        {tier.label}: {formatPence(tier.surchargePence)} on top of the {formatPence(quotePence)} quoted, so{' '}
        <strong>{formatPence(quotePence + tier.surchargePence)}</strong> in all.
      </p>
      <TextField
        id={`${id}-owner`}
        label="Owner types their name to agree"
        hint="Left empty, the dog is checked in and the surcharge is not charged until the owner agrees (you can text them a link)."
        autoComplete="off"
        maxLength={80}
        value={owner}
        onChange={onOwner}
      />
      <Suspense fallback={null}>
        <SignaturePad id={`${id}-sign`} onChange={onSignature} />
      </Suspense>
    </fieldset>
  );
}
