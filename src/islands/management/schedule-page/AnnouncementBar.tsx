import type { Announcement } from '../schedule/common.ts';

export type { Announcement };

/**
 * The schedule's last word on a change, read out when it comes: Undo (or Try again, after a
 * failure) when there is one, and Dismiss.
 */
export function AnnouncementBar({ announcement, onDismiss }: { announcement: Announcement | null; onDismiss(): void }) {
  const { undo } = announcement ?? {};
  return (
    <div className="sched-announce" aria-live="polite">
      {announcement ? (
        <div
          className={`mgmt-notice ${announcement.error ? 'mgmt-notice--error' : 'mgmt-notice--ok'} mgmt-notice--row`}
        >
          <p>{announcement.text}</p>
          <div className="mgmt-notice__actions">
            {undo ? (
              <button
                type="button"
                className="sched-button sched-button--ghost"
                onClick={() => {
                  onDismiss();
                  void undo();
                }}
              >
                {announcement.error ? 'Try again' : 'Undo'}
              </button>
            ) : null}
            <button type="button" className="link-button" onClick={onDismiss}>
              Dismiss
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
