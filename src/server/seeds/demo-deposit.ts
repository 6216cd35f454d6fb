/**
 * The deposit the demo business takes online (`npm start`, payments to the Stripe stand-in): written
 * into a new demo database's booking rules, and paid on the living shop's past bookings.
 */
export const DEMO_DEPOSIT_PENCE = 1000;
