import type { ShopSettings } from '../../../domain/shop-settings.ts';
import { formatWhen } from '../format.ts';
import { Card } from '../records-ui.tsx';

/** The last dozen changes to the settings, who made them and when. */
export function ChangesPanel({ changes }: { changes: ShopSettings['changes'] }) {
  return (
    <Card id="changes-title" title="Recent changes">
      {changes.length === 0 ? (
        <p>No changes yet.</p>
      ) : (
        <ul className="mgmt-list" aria-label="Recent changes">
          {changes.slice(0, 12).map((c, i) => (
            <li key={`${c.at}${i}`}>
              <span className="mgmt-who">
                <strong>{c.summary}</strong>
                <span className="mgmt-meta">
                  {c.who ?? 'A former staff member'}, {formatWhen(c.at)}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
