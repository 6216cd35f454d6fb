import { useEffect, useRef, useState } from 'react';
import type { StaffWaitlistResponse } from '../../../domain/staff-waitlist-request.ts';
import { TextField } from '../../forms/TextField.tsx';

/** The caller is on the list: what suits in words, and the request's own link to read out or copy. */
export function CallerAdded({
  added,
  name,
  byText,
  onClose,
}: {
  added: StaffWaitlistResponse;
  name: string;
  byText: boolean;
  onClose(): void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  // The form staff were in is gone: the news takes the focus, so it is read out.
  useEffect(() => heading.current?.focus(), []);
  const { request, link } = added;
  const copy = () =>
    void navigator.clipboard.writeText(link).then(
      () => setCopied('copied'),
      () => setCopied('failed'),
    );
  return (
    <section className="sched-form" aria-labelledby="caller-added">
      <h3 id="caller-added" tabIndex={-1} ref={heading}>
        {added.updated ? 'Waitlist request updated' : 'Added to the waitlist'}: we&rsquo;ll {byText ? 'text' : 'e-mail'}{' '}
        {name} when a time frees
      </h3>
      <p>
        {request.dog.name}&rsquo;s {request.service.title}: {request.suits}. We have sent them this link to see or
        withdraw it.
      </p>
      <TextField id="caller-added-link" label="Their waitlist link" value={link} readOnly onChange={() => undefined} />
      <div className="form-actions">
        <button type="button" className="ibutton ibutton--ghost" onClick={copy}>
          Copy link
        </button>
        <button type="button" className="ibutton ibutton--brand" onClick={onClose}>
          Done
        </button>
      </div>
      <p role="status" className="field-hint">
        {copied === 'copied'
          ? 'Link copied.'
          : copied === 'failed'
            ? 'Could not copy: select the link and copy it.'
            : ''}
      </p>
    </section>
  );
}
