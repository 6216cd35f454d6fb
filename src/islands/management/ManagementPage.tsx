import type { ReactNode } from 'react';
import '../forms/forms.css';
import './management.css';

/** The frame of a management page's content: its heading and a container. Shown only once signed in. */
export function ManagementPage({ title, lead, children }: { title: string; lead?: ReactNode; children?: ReactNode }) {
  return (
    <div className="container mgmt-page">
      <h1>{title}</h1>
      {lead ? <p className="mgmt-lead">{lead}</p> : null}
      {children}
    </div>
  );
}
