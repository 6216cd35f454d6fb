import { useEffect, useRef } from 'react';
import type { JoinWaitlistResponse } from '../../domain/waitlist.ts';
import { visitsInWords } from '../../domain/waitlist-words.ts';

/** After joining: what suits in words, how the list is fair, and the request's own link. */
export function WaitlistJoined({ joined }: { joined: JoinWaitlistResponse }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the owner was in is gone: the news takes the focus, so it is read out.
  useEffect(() => heading.current?.focus(), []);
  const { request } = joined;
  return (
    <section className="notice waitlist-joined" aria-labelledby="waitlist-joined">
      <h3 id="waitlist-joined" tabIndex={-1} ref={heading}>
        {joined.updated ? "We've updated your place on the waitlist" : "You're on the waitlist"}
      </h3>
      <p>
        {visitsInWords(request.dogs ?? [{ name: request.dog.name, service: request.service.title }])}: {request.suits}.
      </p>
      <p>
        First asked, first offered: when a time like that frees up, we offer it to the people waiting in the order they
        asked, and tell you {request.told}.
      </p>
      <p>
        <a href={`/w/${request.id}`}>See or withdraw your request</a>
      </p>
    </section>
  );
}
