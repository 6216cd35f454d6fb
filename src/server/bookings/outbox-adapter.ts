import type { OutgoingMessage } from '../../domain/messages.ts';
import type { Tx } from '../db.ts';

/** TEMPORARY stand-in until src/server/messages/outbox.ts lands from booking-domain: logs only. */
export async function enqueueMessage(_tx: Tx, message: OutgoingMessage): Promise<void> {
  console.log(`[outbox] ${message.kind} ${message.channel} → ${message.recipient}`);
}
