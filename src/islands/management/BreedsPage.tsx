import { useState, type SyntheticEvent } from 'react';
import { staffApi } from '../../client/staff-session.ts';
import {
  BREED_IMAGE_TYPES,
  BreedRemovedSchema,
  BreedSavedSchema,
  MAX_BREED_IMAGE_BYTES,
  StaffBreedsResponseSchema,
  type StaffBreed,
} from '../../domain/breed-records.ts';
import { penceFromPounds, poundsFromPence } from '../../domain/money.ts';
import { describeMinutes } from '../../domain/minutes.ts';
import { ManagementPage } from './ManagementPage.tsx';
import { Card, LoadFailed, Outcome, useStaffGet } from './records-ui.tsx';
import { useStaffSession } from './use-staff-session.ts';

/** /management/cms/breeds: the breeds the booking form offers, their pictures, and the usual length and price of a full groom. */
export default function BreedsPage() {
  const session = useStaffSession();
  if (!session) return null;
  return <Breeds />;
}

type Said = { ok: boolean; text: string } | null;

function Breeds() {
  const list = useStaffGet('/management/breeds', StaffBreedsResponseSchema);
  const [said, setSaid] = useState<Said>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [filter, setFilter] = useState('');
  const done = (text: string) => {
    setSaid({ ok: true, text });
    setEditing(null);
    list.reload();
  };
  const failed = (text: string) => setSaid({ ok: false, text });
  const breeds = (list.data?.breeds ?? []).filter((b) => b.name.toLowerCase().includes(filter.trim().toLowerCase()));
  return (
    <ManagementPage
      title="Breeds"
      lead="The breeds the booking form offers. The usual length and price band of a full groom show in the booking form's quote."
    >
      <Outcome outcome={said} />
      <div className="mgmt-grid rec-wide">
        <AddBreed onDone={done} onFailed={failed} />
        <Card id="breed-list-title" title={list.data ? `${list.data.breeds.length} breeds` : 'Breeds'}>
          <label className="rec-field">
            <span>Find a breed</span>
            <input className="input" type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
          </label>
          {list.error ? <LoadFailed what="the breeds" error={list.error} onRetry={list.reload} /> : null}
          {!list.data && !list.error ? <p role="status">Loading the breeds…</p> : null}
          <ul className="rec-breeds" aria-label="Breeds">
            {breeds.map((b) => (
              <li key={b._id}>
                {editing === b._id ? (
                  <EditBreed
                    breed={b}
                    others={list.data!.breeds}
                    onDone={done}
                    onFailed={failed}
                    onCancel={() => setEditing(null)}
                  />
                ) : (
                  <BreedRow
                    breed={b}
                    onEdit={() => {
                      setSaid(null);
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

function Picture({ breed, size }: { breed: StaffBreed; size: number }) {
  return breed.image_url_s3 ? (
    <img
      className="rec-breed-img"
      src={
        breed.image_url_s3.startsWith('/v1.0.1/breed-images/')
          ? `${breed.image_url_s3}?w=${size <= 48 ? 96 : 160}`
          : breed.image_url_s3
      }
      alt=""
      width={size}
      height={size}
      loading="lazy"
    />
  ) : (
    <span className="rec-breed-img rec-breed-img--none" style={{ width: size, height: size }} aria-hidden="true">
      {breed.name.slice(0, 1)}
    </span>
  );
}

function BreedRow({ breed: b, onEdit }: { breed: StaffBreed; onEdit(): void }) {
  return (
    <div className="rec-breed">
      <Picture breed={b} size={48} />
      <span className="mgmt-who">
        <strong>
          {b.name}
          {b.fallback ? <span className="mgmt-badge">fixed</span> : null}
        </strong>
        <span className="mgmt-meta">
          {b.estimate ? `Full groom ${b.estimate}` : 'No usual length or price yet'} · {b.dogs}{' '}
          {b.dogs === 1 ? 'dog' : 'dogs'}
        </span>
      </span>
      <button type="button" className="ibutton ibutton--ghost" aria-label={`Edit ${b.name}`} onClick={onEdit}>
        Edit
      </button>
    </div>
  );
}

interface BandForm {
  name: string;
  minutes: string;
  from: string;
  to: string;
}
const bandFormOf = (b: StaffBreed): BandForm => ({
  name: b.name,
  minutes: b.usualDurationMin === null ? '' : String(b.usualDurationMin),
  from: b.priceFromPence === null ? '' : poundsFromPence(b.priceFromPence),
  to: b.priceToPence === null ? '' : poundsFromPence(b.priceToPence),
});

function bandOf(f: BandForm):
  | {
      body: {
        name: string;
        usualDurationMin: number | null;
        priceFromPence: number | null;
        priceToPence: number | null;
      };
    }
  | { problem: string } {
  if (!f.name.trim()) return { problem: 'Please give the breed a name' };
  const minutes = f.minutes.trim() ? Number(f.minutes) : null;
  if (minutes !== null && !(Number.isInteger(minutes) && minutes >= 5 && minutes <= 600))
    return { problem: 'The usual length is in minutes, from 5 to 600' };
  const from = f.from.trim() ? penceFromPounds(f.from) : null;
  const to = f.to.trim() ? penceFromPounds(f.to) : null;
  if ((f.from.trim() && from === null) || (f.to.trim() && to === null))
    return { problem: 'Please give prices in pounds, like 45 or 45.50' };
  if ((from === null) !== (to === null)) return { problem: 'Give both ends of the price band, or neither' };
  if (from !== null && to !== null && to < from) return { problem: 'The band must not end below where it starts' };
  return { body: { name: f.name.trim(), usualDurationMin: minutes, priceFromPence: from, priceToPence: to } };
}

function BandFields({
  f,
  setF,
  idPrefix,
  nameLocked,
}: {
  f: BandForm;
  setF(f: BandForm): void;
  idPrefix: string;
  nameLocked?: boolean;
}) {
  return (
    <>
      <label className="rec-field">
        <span>Name</span>
        <input
          id={`${idPrefix}-name`}
          className="input"
          maxLength={80}
          value={f.name}
          readOnly={nameLocked}
          aria-readonly={nameLocked}
          onChange={(e) => setF({ ...f, name: e.target.value })}
        />
      </label>
      <div className="rec-three">
        <label className="rec-field">
          <span>Usual length (minutes)</span>
          <input
            className="input"
            type="number"
            min={5}
            max={600}
            step={5}
            value={f.minutes}
            onChange={(e) => setF({ ...f, minutes: e.target.value })}
          />
        </label>
        <label className="rec-field">
          <span>Price from (£)</span>
          <input
            className="input"
            inputMode="decimal"
            value={f.from}
            onChange={(e) => setF({ ...f, from: e.target.value })}
          />
        </label>
        <label className="rec-field">
          <span>Price to (£)</span>
          <input
            className="input"
            inputMode="decimal"
            value={f.to}
            onChange={(e) => setF({ ...f, to: e.target.value })}
          />
        </label>
      </div>
    </>
  );
}

interface Acting {
  onDone(text: string): void;
  onFailed(text: string): void;
}

function AddBreed({ onDone }: Acting) {
  const [f, setF] = useState<BandForm>({ name: '', minutes: '', from: '', to: '' });
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const add = async (event: SyntheticEvent) => {
    event.preventDefault();
    const made = bandOf(f);
    if ('problem' in made) return setProblem(made.problem);
    const picture = file ? await readPicture(file) : null;
    if (picture && 'problem' in picture) return setProblem(picture.problem);
    setProblem(null);
    setBusy(true);
    const r = await staffApi('/management/breeds', { method: 'POST', body: made.body, schema: BreedSavedSchema });
    if (!r.data) {
      setBusy(false);
      return setProblem(r.error ?? 'We could not add the breed');
    }
    if (picture) {
      const up = await staffApi(`/management/breeds/${encodeURIComponent(r.data.breed._id)}/image`, {
        method: 'POST',
        body: { image: picture.base64 },
        schema: BreedSavedSchema,
        timeoutMs: 60_000,
      });
      if (!up.data) {
        setBusy(false);
        return setProblem(
          `${r.data.breed.name} was added, but its picture was not: ${up.error ?? 'please try again from Edit'}`,
        );
      }
    }
    setBusy(false);
    setF({ name: '', minutes: '', from: '', to: '' });
    setFile(null);
    setFileKey((k) => k + 1);
    onDone(`${r.data.breed.name} added${picture ? ' with its picture' : ''}.`);
  };
  return (
    <Card id="add-breed-title" title="Add a breed">
      <form className="rec-form" onSubmit={(e) => void add(e)} noValidate aria-labelledby="add-breed-title">
        <BandFields f={f} setF={setF} idPrefix="new-breed" />
        <label className="rec-field">
          <span>Picture (JPEG, PNG or WebP, up to 4 MB; optional)</span>
          <input
            key={fileKey}
            className="input rec-file"
            type="file"
            accept={BREED_IMAGE_TYPES.join(',')}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </label>
        {problem ? (
          <p className="field-message" role="alert">
            {problem}
          </p>
        ) : null}
        <button type="submit" className="ibutton ibutton--brand" disabled={busy}>
          {busy ? 'Adding…' : 'Add breed'}
        </button>
      </form>
    </Card>
  );
}

async function readPicture(file: File): Promise<{ base64: string } | { problem: string }> {
  if (file.size > MAX_BREED_IMAGE_BYTES) return { problem: 'That picture is over 4 MB: please choose a smaller one' };
  if (!(BREED_IMAGE_TYPES as readonly string[]).includes(file.type))
    return { problem: 'Please choose a JPEG, PNG or WebP picture' };
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { base64: btoa(binary) };
}

function EditBreed({
  breed: b,
  others,
  onDone,
  onCancel,
}: { breed: StaffBreed; others: StaffBreed[]; onCancel(): void } & Acting) {
  const [f, setF] = useState(() => bandFormOf(b));
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  const fallback = others.find((o) => o.fallback);
  const [replacement, setReplacement] = useState(fallback?._id ?? '');
  const idPrefix = `breed-${b._id}`;

  const save = async (event: SyntheticEvent) => {
    event.preventDefault();
    const made = bandOf(f);
    if ('problem' in made) return setProblem(made.problem);
    const { name, ...band } = made.body;
    setBusy(true);
    const r = await staffApi(`/management/breeds/${encodeURIComponent(b._id)}`, {
      method: 'POST',
      body: b.fallback || name === b.name ? band : made.body,
      schema: BreedSavedSchema,
    });
    setBusy(false);
    if (!r.data) return setProblem(r.error ?? 'We could not save the breed');
    onDone(`${r.data.breed.name} saved.`);
  };
  const upload = async (file: File | undefined) => {
    if (!file) return;
    const picture = await readPicture(file);
    if ('problem' in picture) return setProblem(picture.problem);
    setBusy(true);
    const r = await staffApi(`/management/breeds/${encodeURIComponent(b._id)}/image`, {
      method: 'POST',
      body: { image: picture.base64 },
      schema: BreedSavedSchema,
      timeoutMs: 60_000,
    });
    setBusy(false);
    if (!r.data) return setProblem(r.error ?? 'We could not store that picture');
    onDone(`New picture for ${b.name} saved.`);
  };
  const removePicture = async () => {
    setBusy(true);
    const r = await staffApi(`/management/breeds/${encodeURIComponent(b._id)}/image/remove`, {
      method: 'POST',
      body: {},
      schema: BreedSavedSchema,
    });
    setBusy(false);
    if (!r.data) return setProblem(r.error ?? 'We could not remove the picture');
    onDone(`${b.name}'s picture removed.`);
  };
  const remove = async () => {
    setBusy(true);
    const r = await staffApi(`/management/breeds/${encodeURIComponent(b._id)}/remove`, {
      method: 'POST',
      body: replacement ? { replacementId: replacement } : {},
      schema: BreedRemovedSchema,
    });
    setBusy(false);
    if (!r.data) return setProblem(r.error ?? 'We could not remove the breed');
    const movedTo = others.find((o) => o._id === r.data!.movedTo)?.name ?? r.data.movedTo;
    onDone(
      `${b.name} removed.${r.data.dogsMoved ? ` ${r.data.dogsMoved} ${r.data.dogsMoved === 1 ? 'dog is' : 'dogs are'} now ${movedTo}.` : ''}`,
    );
  };

  return (
    <form className="rec-form rec-breed-edit" onSubmit={(e) => void save(e)} noValidate aria-label={`Edit ${b.name}`}>
      <div className="rec-breed">
        <Picture breed={b} size={96} />
        <div className="rec-breed-picture">
          <label className="rec-field">
            <span>{b.image_url_s3 ? 'Replace the picture' : 'Upload a picture'}</span>
            <input
              className="input rec-file"
              type="file"
              accept={BREED_IMAGE_TYPES.join(',')}
              disabled={busy}
              onChange={(e) => void upload(e.target.files?.[0])}
            />
          </label>
          {b.image_url_s3 ? (
            <button
              type="button"
              className="mgmt-link-button mgmt-danger"
              disabled={busy}
              onClick={() => void removePicture()}
            >
              Remove the picture
            </button>
          ) : null}
        </div>
      </div>
      <BandFields f={f} setF={setF} idPrefix={idPrefix} nameLocked={b.fallback} />
      {b.fallback ? (
        <p className="field-hint">
          “{b.name}” is the fixed choice for every dog whose breed is not listed: it cannot be renamed or removed.
        </p>
      ) : null}
      {b.usualDurationMin !== null && f.minutes === String(b.usualDurationMin) ? (
        <p className="field-hint">Usually {describeMinutes(b.usualDurationMin)}.</p>
      ) : null}
      {problem ? (
        <p className="field-message" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="rec-buttons">
        <button type="submit" className="ibutton ibutton--brand" disabled={busy}>
          {busy ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="ibutton ibutton--ghost" onClick={onCancel}>
          Cancel
        </button>
        {b.fallback ? null : (
          <button type="button" className="mgmt-link-button mgmt-danger" onClick={() => setRemoving(true)}>
            Remove breed…
          </button>
        )}
      </div>
      {removing ? (
        <div className="rec-confirm-box" role="group" aria-label={`Remove ${b.name}`}>
          <p>
            <strong>Remove {b.name}?</strong>{' '}
            {b.dogs
              ? `${b.dogs} ${b.dogs === 1 ? 'dog has' : 'dogs have'} this breed: choose what they become.`
              : 'No dog on record has this breed.'}
          </p>
          {b.dogs ? (
            <label className="rec-field">
              <span>Their dogs become</span>
              <select className="input" value={replacement} onChange={(e) => setReplacement(e.target.value)}>
                {others
                  .filter((o) => o._id !== b._id)
                  .map((o) => (
                    <option key={o._id} value={o._id}>
                      {o.name}
                    </option>
                  ))}
              </select>
            </label>
          ) : null}
          <div className="rec-buttons">
            <button type="button" className="ibutton rec-danger-button" disabled={busy} onClick={() => void remove()}>
              Yes, remove {b.name}
            </button>
            <button type="button" className="ibutton ibutton--ghost" onClick={() => setRemoving(false)}>
              Keep it
            </button>
          </div>
        </div>
      ) : null}
    </form>
  );
}
