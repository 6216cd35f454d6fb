import * as apiRoutes from '../../../domain/staff-api-routes.ts';
import { BreedSavedSchema, type StaffBreed } from '../../../domain/breed-records.ts';
import { staffCall } from '../../../client/staff-session.ts';
import { FileField } from '../../forms/FileField.tsx';
import type { Submit } from '../../forms/use-submit.ts';
import { BreedPicture } from './BreedRow.tsx';
import { PICTURE_TYPES, readPicture, uploadPicture } from './pictures.ts';

/** A breed's picture, replaced as soon as one is chosen, or removed; through its form's submit. */
export function PictureFields({
  breed: b,
  submit,
  onDone,
}: {
  breed: StaffBreed;
  submit: Submit;
  onDone(text: string): void;
}) {
  const upload = async (file: File | null) => {
    if (!file) return;
    const picture = await readPicture(file);
    if ('problem' in picture) return submit.fail(picture.problem);
    await submit.run(
      () => uploadPicture(b._id, picture.base64),
      () => onDone(`New picture for ${b.name} saved.`),
    );
  };
  const remove = () =>
    void submit.run(
      () => staffCall(apiRoutes.removeBreedPicture, { params: { id: b._id }, schema: BreedSavedSchema }),
      () => onDone(`${b.name}'s picture removed.`),
    );
  return (
    <div className="rec-breed">
      <BreedPicture breed={b} size={96} />
      <div className="rec-breed-picture">
        <FileField
          id={`breed-${b._id}-picture`}
          label={b.image_url_s3 ? 'Replace the picture' : 'Upload a picture'}
          required={false}
          accept={PICTURE_TYPES}
          disabled={submit.busy}
          onChange={(file) => void upload(file)}
        />
        {b.image_url_s3 ? (
          <button type="button" className="link-button mgmt-danger" disabled={submit.busy} onClick={remove}>
            Remove the picture
          </button>
        ) : null}
      </div>
    </div>
  );
}
