import type { StaffBreed } from '../../../domain/breed-records.ts';

/** The breed's picture at `size` px (a letter when it has none); our own pictures come resized. */
export function BreedPicture({ breed, size }: { breed: StaffBreed; size: number }) {
  if (!breed.image_url_s3)
    return (
      <span className="rec-breed-img rec-breed-img--none" style={{ width: size, height: size }} aria-hidden="true">
        {breed.name.slice(0, 1)}
      </span>
    );
  const ours = breed.image_url_s3.startsWith('/v1.0.1/breed-images/');
  return (
    <img
      className="rec-breed-img"
      src={ours ? `${breed.image_url_s3}?w=${size <= 48 ? 96 : 160}` : breed.image_url_s3}
      alt=""
      width={size}
      height={size}
      loading="lazy"
    />
  );
}

/** One breed in the list: picture, name, its usual full groom and how many dogs have it. */
export function BreedRow({ breed: b, onEdit }: { breed: StaffBreed; onEdit(): void }) {
  return (
    <div className="rec-breed">
      <BreedPicture breed={b} size={48} />
      <span className="mgmt-who">
        <strong>
          {b.name}
          {b.fallback ? <span className="mgmt-badge">fixed</span> : null}
        </strong>
        <span className="mgmt-meta">
          {b.estimate ? `Full groom ${b.estimate}` : 'No usual length or price yet'}
          {b.usualSize ? ` · usually ${b.usualSize}` : ''} · {b.dogs} {b.dogs === 1 ? 'dog' : 'dogs'}
        </span>
      </span>
      <button type="button" className="ibutton ibutton--ghost" aria-label={`Edit ${b.name}`} onClick={onEdit}>
        Edit
      </button>
    </div>
  );
}
