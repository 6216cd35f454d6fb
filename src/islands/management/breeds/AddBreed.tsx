import { useState, type SyntheticEvent } from 'react';
import * as apiRoutes from '../../../domain/staff-api-routes.ts';
import { BreedSavedSchema } from '../../../domain/breed-records.ts';
import { staffCall } from '../../../client/staff-session.ts';
import { FileField } from '../../forms/FileField.tsx';
import { FormActions } from '../../forms/FormActions.tsx';
import { useSubmit } from '../../forms/use-submit.ts';
import { Card } from '../records-ui.tsx';
import { useFields } from '../use-fields.ts';
import { BandFields } from './BandFields.tsx';
import { bandOf, EMPTY_BAND } from './band-form.ts';
import { PICTURE_TYPES, readPicture, uploadPicture } from './pictures.ts';

/** A new breed for the booking form, with its picture if one is chosen. */
export function AddBreed({ onDone }: { onDone(text: string): void }) {
  const { field, values: f, replace } = useFields(EMPTY_BAND);
  const [file, setFile] = useState<File | null>(null);
  // A new key empties the file input after an add (a file input cannot be set by value).
  const [fileKey, setFileKey] = useState(0);
  const submit = useSubmit('We could not add the breed');
  const add = async (event: SyntheticEvent) => {
    event.preventDefault();
    const made = bandOf(f);
    if ('problem' in made) return submit.fail(made.problem);
    const picture = file ? await readPicture(file) : null;
    if (picture && 'problem' in picture) return submit.fail(picture.problem);
    const added = await submit.run(() => staffCall(apiRoutes.addBreed, { body: made.body, schema: BreedSavedSchema }));
    if (!added) return;
    const { name, _id: id } = added.breed;
    if (picture) {
      const pictured = await submit.run(() =>
        uploadPicture(id, picture.base64).then((r) =>
          r.error === null ? r : { ...r, error: `${name} was added, but its picture was not: ${r.error}` },
        ),
      );
      if (!pictured) return;
    }
    replace(EMPTY_BAND);
    setFile(null);
    setFileKey((k) => k + 1);
    onDone(`${name} added${picture ? ' with its picture' : ''}.`);
  };
  return (
    <Card id="add-breed-title" title="Add a breed">
      <form className="rec-form" onSubmit={(e) => void add(e)} noValidate aria-labelledby="add-breed-title">
        <BandFields field={field} idPrefix="new-breed" />
        <FileField
          key={fileKey}
          id="new-breed-picture"
          label="Picture"
          hint="JPEG, PNG or WebP, up to 4 MB."
          optional
          accept={PICTURE_TYPES}
          onChange={setFile}
        />
        <FormActions submit={submit} label="Add breed" busyLabel="Adding…" />
      </form>
    </Card>
  );
}
