/**
 * `npm run staff:add -- <UK mobile> [--name "Sam Brush"]`, `npm run staff:remove -- <UK mobile>` and
 * `npm run staff:list`: who may sign in to the staff area (docs/decisions/053), for the first account
 * and whenever the staff list in the area itself is out of reach. Uses the same server modules as
 * the area. With NETLIFY_DB_URL set it changes that database (production: the connection string
 * from Netlify's Database settings); without it, the local one in .netlify/db, which `npm start`
 * must not be using at the same time (the script says so and stops).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { DatabaseInUseError, MigrationError, startDatabase } from './lib/database.ts';

// Not site-server.ts's PROJECT_ROOT: importing it loads the whole local Netlify emulation, seconds of
// start-up for a command that only talks to a database.
const PROJECT_ROOT = path.resolve(import.meta.dirname, '..');

if (existsSync(path.join(PROJECT_ROOT, '.env'))) process.loadEnvFile(path.join(PROJECT_ROOT, '.env'));

const [command, ...rest] = process.argv.slice(2);
const nameAt = rest.indexOf('--name');
const name =
  nameAt >= 0
    ? rest
        .slice(nameAt + 1)
        .join(' ')
        .trim()
    : '';
const phoneText = (nameAt >= 0 ? rest.slice(0, nameAt) : rest).join(' ').trim();

function usage(): never {
  console.error(
    [
      'Usage:',
      '  npm run staff:add -- +447700900123 --name "Sam Brush"',
      '  npm run staff:remove -- +447700900123',
      '  npm run staff:list',
    ].join('\n'),
  );
  process.exit(2);
}
if (!command || !['add', 'remove', 'list'].includes(command)) usage();

const { normaliseUkMobile } = await import('../src/domain/phone.ts');
const { formatUkMobile } = await import('../src/domain/phone-format.ts');
const phone = command === 'list' ? null : normaliseUkMobile(phoneText);
if (command !== 'list' && !phone) {
  console.error(`"${phoneText}" is not a UK mobile number (like 07700 900123 or +447700900123).`);
  usage();
}

let stop = async () => undefined as unknown;
if (!process.env.NETLIFY_DB_URL) {
  try {
    const local = await startDatabase({ directory: path.join(PROJECT_ROOT, '.netlify/db'), quiet: true });
    stop = () => local.db.stop();
  } catch (error) {
    if (error instanceof DatabaseInUseError || error instanceof MigrationError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const { closeDb } = await import('../src/server/db.ts');
const { addStaff, listStaff, removeStaff } = await import('../src/server/staff-members.ts');
const { findStaffByPhone } = await import('../src/server/staff-sign-in.ts');
const { plainText } = await import('../src/domain/text.ts');
const shown = (e164: string | null) => (e164 ? formatUkMobile(e164) : 'no number');

let exitCode = 0;
try {
  if (command === 'list') {
    const staff = await listStaff(null);
    console.log(
      staff.length
        ? staff
            .map(
              (s) => `${s.name ?? '(no name)'}  ${shown(s.phone)}  ${s.passkeys} passkey${s.passkeys === 1 ? '' : 's'}`,
            )
            .join('\n')
        : 'Nobody is on the staff list.',
    );
  } else if (command === 'add') {
    const checked = plainText(1, 80, { label: 'their name' }).safeParse(name || 'Staff');
    if (!checked.success) throw new Error(checked.error.issues[0]!.message);
    const member = await addStaff({ name: checked.data, phone: phone! }, null);
    console.log(
      `Added ${member.name} (${shown(member.phone)}) to the staff. They sign in at /management/login with that number.`,
    );
  } else {
    const member = await findStaffByPhone(phone!);
    if (!member) throw new Error(`${shown(phone)} is not on the staff list.`);
    await removeStaff(member.id, null);
    console.log(
      `Removed ${member.name ?? 'them'} (${shown(phone)}): their sign-ins and passkeys have stopped working.`,
    );
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  exitCode = 1;
} finally {
  await closeDb();
  await stop();
}
process.exit(exitCode);
