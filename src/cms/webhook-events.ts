/**
 * The DatoCMS events that change what the public site shows, and so rebuild it. One list for both
 * ends: `npm run cms:setup` subscribes the publish webhook to exactly these (src/cms/setup.ts), and
 * the webhook's handler asks for a build for exactly these (src/server/cms/rebuild.ts); anything else
 * DatoCMS sends is answered "ignored". docs/decisions/067-smoke-and-launch-checks.md.
 *
 * - item publish, unpublish, delete: a post, showcase picture, question or partner goes live, or off
 *   the site. A record's save (`update`) is a draft and shows nowhere public.
 * - upload update, delete: an upload is not versioned; its alt text, title, focal point or a replaced
 *   file is live for every published record that shows it at once (a showcase picture's alt text is
 *   edited on the upload). An upload `create` shows nowhere until a record that uses it is published,
 *   which is an item publish.
 * - environment promote: the site reads whichever environment is primary (DATOCMS_ENVIRONMENT unset),
 *   and `cms:setup` promotes a sandbox after changing the models.
 */
export const PUBLISH_WEBHOOK_EVENTS = [
  { entity_type: 'item', event_types: ['publish', 'unpublish', 'delete'] },
  { entity_type: 'upload', event_types: ['update', 'delete'] },
  { entity_type: 'environment', event_types: ['promote'] },
] as const satisfies ReadonlyArray<{ entity_type: string; event_types: readonly string[] }>;

/** Whether a webhook call of DatoCMS (`entity_type`, `event_type` of its payload) changes the site. */
export function changesTheSite(entityType: string, eventType: string): boolean {
  return PUBLISH_WEBHOOK_EVENTS.some(
    (e) => e.entity_type === entityType && (e.event_types as readonly string[]).includes(eventType),
  );
}
