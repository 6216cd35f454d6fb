import type { ReactNode } from 'react';
import { Spinner } from '../forms/Field.tsx';
import type { ConfirmationMode } from './booking-view.ts';

/** The shop's numbers, as the confirmation pages get them from content/site.json. */
export interface ContactProps {
  phoneDisplay: string;
  phoneE164: string;
  whatsappE164: string;
}

export function Loading({ text }: { text: string }) {
  return (
    <div className="booking-card" aria-busy="true">
      <p className="picker-loading" role="status">
        <Spinner /> {text}
      </p>
    </div>
  );
}

export function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="booking-card">
      <h2 className="booking-step-title">{title}</h2>
      {children}
    </div>
  );
}

/** A card that could not show the booking: what happened, a way to ask again, and how to reach us. */
export function ProblemCard({
  title,
  children,
  again,
  onAgain,
  contact,
}: {
  title: string;
  children: ReactNode;
  again: string;
  onAgain(): void;
  contact: ContactProps;
}) {
  return (
    <Card title={title}>
      {children}
      <p>
        <button type="button" className="link-button" onClick={onAgain}>
          {again}
        </button>
      </p>
      <Contact {...contact} />
    </Card>
  );
}

export function Contact({ phoneDisplay, phoneE164, whatsappE164 }: ContactProps) {
  return (
    <div className="actions">
      <a className="button button--brand" href={`https://wa.me/${whatsappE164.replace(/\D/g, '')}`}>
        WhatsApp us
      </a>
      <a className="button button--ghost" href={`tel:${phoneE164}`}>
        Call {phoneDisplay}
      </a>
    </div>
  );
}

/** What the confirmation pages give their island (ConfirmationIsland.tsx) and its panels. */
export interface ConfirmationIslandProps extends ContactProps {
  /** booking: /b/{id}; success: /booking-success/{session_id}; cancelled: /booking-payment-cancelled/{session_id}. */
  mode: ConfirmationMode;
  /** How soon WhatsApp messages are answered, from content/site.json. */
  whatsappReplyMinutes: number;
}
