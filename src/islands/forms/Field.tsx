import type { ReactNode } from 'react';
import { inputStatusText, type InputStatus } from './status.ts';
import './forms.css';

export interface FieldFrameProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /**
   * The §4 status badge. A staff form that checks on Save instead of while typing leaves it out: no
   * badge, and the message shows whenever there is one.
   */
  status?: InputStatus;
  successText?: string;
  /** Why the value is wrong; shown (and announced) at status 4, or whenever given without a status. */
  message?: string;
  /** A group of controls (radio buttons, OTP boxes): labelled by the label text instead of <label for>. */
  group?: 'group' | 'radiogroup';
  optional?: boolean;
  children: ReactNode;
}

/** The ids a control should name in aria-describedby so the hint, status and error are read out. */
export function describedBy(id: string, hint?: ReactNode, status?: InputStatus | null): string {
  return [hint ? `${id}-hint` : null, status === null ? null : `${id}-status`, `${id}-message`]
    .filter(Boolean)
    .join(' ');
}

/** Whether a field's message is shown and its control marked invalid. */
export function fieldInvalid(status: InputStatus | undefined, message: string | undefined): boolean {
  return status === undefined ? Boolean(message) : status === 4;
}

/** What every block of the kit passes on to its frame. */
export type FieldCommonProps = Pick<
  FieldFrameProps,
  'id' | 'label' | 'hint' | 'status' | 'successText' | 'message' | 'optional'
>;

/** A block's frame props, picked out of its own. */
export function frameProps({ id, label, hint, status, successText, message, optional }: FieldCommonProps) {
  return { id, label, hint, status, successText, message, optional };
}

/**
 * What a block's control carries: required unless optional, invalid while its message shows, and
 * described by the hint, the status and the message, so all three are read out with it.
 */
export function controlProps({
  id,
  hint,
  status,
  message,
  optional,
  required,
}: Omit<FieldCommonProps, 'label'> & { required?: boolean }) {
  return {
    // Must be filled in unless optional; a search box or a staff switch says `required={false}`.
    required: required ?? !optional,
    'aria-invalid': fieldInvalid(status, message) ? true : undefined,
    'aria-describedby': describedBy(id, hint, status ?? null),
  };
}

export function Spinner() {
  return <span className="spinner" aria-hidden="true" />;
}

export function StatusBadge({ id, status, successText }: { id: string; status: InputStatus; successText?: string }) {
  return (
    <span id={`${id}-status`} className="field-status" data-status={status}>
      {status === 2 ? <Spinner /> : <StatusIcon status={status} />}
      {inputStatusText(status, successText)}
    </span>
  );
}

function StatusIcon({ status }: { status: InputStatus }) {
  if (status === 3)
    return (
      <svg aria-hidden="true" viewBox="0 0 16 16" width="14" height="14">
        <path
          d="M3 8.5l3 3 7-7"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    );
  if (status === 4)
    return (
      <svg aria-hidden="true" viewBox="0 0 16 16" width="14" height="14">
        <path d="M8 3.5v5.5M8 11.8v.4" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
      </svg>
    );
  // Ready (1) is no warning: the word alone, quiet (forms.css), no hollow circle to read as a radio or an alert.
  return null;
}

/** The frame every block shares: label, optional hint, the control, its §4 status and the error. */
export function Field({ id, label, hint, status, successText, message, group, optional, children }: FieldFrameProps) {
  const labelContent = (
    <>
      {label}
      {optional ? <span className="field-optional"> (optional)</span> : null}
    </>
  );
  return (
    <div
      className="field"
      data-status={status ?? (message ? 4 : undefined)}
      {...(group
        ? { role: group, 'aria-labelledby': `${id}-label`, 'aria-describedby': describedBy(id, hint, status ?? null) }
        : {})}
    >
      <div className="field-head">
        {group ? (
          <span className="field-label" id={`${id}-label`}>
            {labelContent}
          </span>
        ) : (
          <label className="field-label" htmlFor={id} id={`${id}-label`}>
            {labelContent}
          </label>
        )}
        {status === undefined ? null : <StatusBadge id={id} status={status} successText={successText} />}
      </div>
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {children}
      <p className="field-message" id={`${id}-message`} role="alert">
        {fieldInvalid(status, message) ? message : ''}
      </p>
    </div>
  );
}
