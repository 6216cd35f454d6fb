/**
 * The SMS provider of the end-to-end runs (playwright.config.ts starts it beside the site, whose
 * SMS_PROVIDER_URL points here): every text the site sends lands in its inbox, which tests read
 * with `GET /v1/messages?to=+44…` as the person holding the phone would read it.
 */
import { startSmsProvider } from './sms-provider.ts';

const port = Number(process.env.PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error('sms-provider-server needs PORT');
const provider = await startSmsProvider({ port });
console.log(`fake SMS provider ready at ${provider.url}`);
const stop = async () => {
  await provider.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
