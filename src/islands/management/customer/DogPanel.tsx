import type { DogCard } from '../../../domain/customer-records.ts';
import { vaccinationDue } from '../../../domain/customer-records.ts';
import { COAT_LABELS } from '../../../domain/coats.ts';
import { todayIn } from '../../../domain/london-time.ts';
import { formatDate, formatDay, formatKg, SHOP_TIME_ZONE } from '../format.ts';
import { DogEditor } from './DogEditor.tsx';
import { EditableCard } from './EditableCard.tsx';
import type { Saved } from './saved.ts';

/** One dog's card: breed, coat, weights over time, temperament, vet and vaccinations; editable. */
export function DogPanel({ customerId, dog, onSaved }: { customerId: string; dog: DogCard; onSaved: Saved }) {
  return (
    <EditableCard
      id={`dog-${dog._id}`}
      title={`${dog.name}${dog.nervous ? ' · nervous' : ''}`}
      editName={`Edit ${dog.name}`}
      form={(close) => (
        <DogEditor
          customerId={customerId}
          dog={dog}
          onCancel={close}
          onSaved={(saved) => {
            close();
            onSaved(saved, `${dog.name}'s card saved.`);
          }}
        />
      )}
    >
      <dl className="rec-facts">
        <div>
          <dt>Breed</dt>
          <dd>{dog.breed?.name ?? '—'}</dd>
        </div>
        <div>
          <dt>Coat</dt>
          <dd>{dog.coat ? COAT_LABELS[dog.coat] : '—'}</dd>
        </div>
        <div>
          <dt>Weight</dt>
          <dd>
            {dog.weightKg === null ? '—' : formatKg(dog.weightKg)}
            {dog.weights.length > 1 ? <span className="mgmt-meta"> (before: {earlierWeights(dog)})</span> : null}
          </dd>
        </div>
        <div className="rec-notes">
          <dt>Temperament</dt>
          <dd>{dog.temperament || '—'}</dd>
        </div>
        {dog.ownerNotes ? (
          <div className="rec-notes">
            <dt>Owner says</dt>
            <dd>{dog.ownerNotes}</dd>
          </div>
        ) : null}
        <div>
          <dt>Vet</dt>
          <dd>{[dog.vetName, dog.vetPhone].filter(Boolean).join(', ') || '—'}</dd>
        </div>
        <div>
          <dt>Vaccinations</dt>
          <dd>{dog.vaccinations.length === 0 ? 'None on record' : <Vaccinations vaccinations={dog.vaccinations} />}</dd>
        </div>
      </dl>
    </EditableCard>
  );
}

/** The four weighings before today's, latest first: "12.5 kg on 23 Nov 2026, …". */
function earlierWeights(dog: DogCard): string {
  return dog.weights
    .slice(0, -1)
    .slice(-4)
    .reverse()
    .map((w) => `${formatKg(w.kg)} on ${formatDay(w.at)}`)
    .join(', ');
}

function Vaccinations({ vaccinations }: { vaccinations: DogCard['vaccinations'] }) {
  const today = todayIn(SHOP_TIME_ZONE, new Date());
  return (
    <ul className="rec-plain">
      {vaccinations.map((v) => {
        const due = vaccinationDue(v.expiresOn, today);
        return (
          <li key={`${v.name}${v.expiresOn}`}>
            {v.name}:{' '}
            {due === 'expired' ? (
              <strong className="mgmt-danger">ran out {formatDate(v.expiresOn)}</strong>
            ) : (
              `until ${formatDate(v.expiresOn)}`
            )}
            {due === 'soon' ? <span className="mgmt-badge">soon</span> : null}
          </li>
        );
      })}
    </ul>
  );
}
