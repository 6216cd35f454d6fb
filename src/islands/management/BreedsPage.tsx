import { useState } from 'react';
import * as apiRoutes from '../../domain/staff-api-routes.ts';
import { StaffBreedsResponseSchema } from '../../domain/breed-records.ts';
import { TextField } from '../forms/TextField.tsx';
import { AddBreed } from './breeds/AddBreed.tsx';
import { BreedRow } from './breeds/BreedRow.tsx';
import { EditBreed } from './breeds/EditBreed.tsx';
import { ManagementPage } from './ManagementPage.tsx';
import { signedInOnly, useOutcome } from './records-page.tsx';
import { Card, LoadFailed, Outcome, useStaffRoute } from './records-ui.tsx';

/** /management/cms/breeds: the breeds the booking form offers, their pictures, and the usual length and price of a full groom. */
export default signedInOnly(Breeds);

function Breeds() {
  const list = useStaffRoute(apiRoutes.staffBreeds, { schema: StaffBreedsResponseSchema });
  const [editing, setEditing] = useState<string | null>(null);
  const [filter, setFilter] = useState('');
  const outcome = useOutcome(() => {
    setEditing(null);
    list.reload();
  });
  const all = list.data?.breeds ?? [];
  const breeds = all.filter((b) => b.name.toLowerCase().includes(filter.trim().toLowerCase()));
  return (
    <ManagementPage
      title="Breeds"
      lead="The breeds the booking form offers. The usual length and price band of a full groom show in the booking form's quote."
    >
      <Outcome outcome={outcome.said} />
      <div className="mgmt-grid rec-wide">
        <AddBreed onDone={outcome.onDone} />
        <Card id="breed-list-title" title={list.data ? `${all.length} breeds` : 'Breeds'}>
          <TextField
            id="breed-filter"
            label="Find a breed"
            type="search"
            required={false}
            value={filter}
            onChange={setFilter}
          />
          {list.error ? <LoadFailed what="the breeds" error={list.error} onRetry={list.reload} /> : null}
          {!list.data && !list.error ? <p role="status">Loading the breeds…</p> : null}
          <ul className="rec-breeds" aria-label="Breeds">
            {breeds.map((b) => (
              <li key={b._id}>
                {editing === b._id ? (
                  <EditBreed breed={b} others={all} onDone={outcome.onDone} onCancel={() => setEditing(null)} />
                ) : (
                  <BreedRow
                    breed={b}
                    onEdit={() => {
                      outcome.clear();
                      setEditing(b._id);
                    }}
                  />
                )}
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </ManagementPage>
  );
}
