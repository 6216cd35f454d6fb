import { API_PREFIX, pathTo } from '../domain/api-route.ts';
import { formatPence } from '../domain/money.ts';
import { agreeByLink, consentPage, consentPhoto } from '../domain/after-booking-api-routes.ts';
import type { ConsentPage } from '../domain/consent.ts';

/**
 * The /c/{token} page's script (docs/decisions/093): reads the link, shows what the owner agrees to,
 * and posts the agreement. Plain DOM: the page is one form, so it carries no framework and no schema
 * library (the server validates every byte it is sent).
 */

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
// The shop's zone, as the page was built with it (content/site.json): the times are the shop's.
const clock = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: $('consent-details').dataset.timeZone,
  });

async function ask(
  token: string,
  body?: unknown,
): Promise<{ status: number; data: (ConsentPage & { error?: string }) | null }> {
  try {
    const res = await fetch(API_PREFIX + pathTo(body ? agreeByLink : consentPage, { token }), {
      method: body ? 'POST' : 'GET',
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : null,
      cache: 'no-store',
    });
    return {
      status: res.status,
      data: (await res.json().catch(() => null)) as (ConsentPage & { error?: string }) | null,
    };
  } catch {
    return { status: 0, data: null };
  }
}

function problem(status: number, message: string | undefined) {
  $('consent-details').hidden = true;
  $('consent-problem').hidden = false;
  $('consent-problem-title').textContent =
    status === 409
      ? 'This link has been replaced'
      : status === 404
        ? 'We can’t open that link'
        : 'Something went wrong';
  $('consent-problem-text').textContent = message ?? 'Please try again in a moment, or call us.';
  $('consent-status').textContent = '';
}

function show(token: string, page: ConsentPage) {
  $('consent-heading').textContent = `${page.dog}: ${page.tier.toLowerCase()} today`;
  if (page.hasPhoto) {
    const img = $<HTMLImageElement>('consent-photo');
    img.src = API_PREFIX + pathTo(consentPhoto, { token });
    img.alt = `${page.dog} at check-in today`;
    $('consent-figure').hidden = false;
  }
  $('consent-quote').textContent = formatPence(page.quotePence);
  $('consent-tier').textContent = page.tier;
  $('consent-surcharge').textContent = `+${formatPence(page.surchargePence)}`;
  $('consent-total').textContent = formatPence(page.totalPence);
  $('consent-agree').textContent = `I agree to the ${formatPence(page.surchargePence)} surcharge`;
  const name = $<HTMLInputElement>('consent-name');
  if (!name.value) name.value = page.ownerName;
  $('consent-details').hidden = false;
  if (page.agreed) {
    $('consent-form').hidden = true;
    $('consent-status').textContent =
      `Agreed at ${clock(page.agreed.at)} by ${page.agreed.name}. Thank you: we’ll carry on with ${page.dog}’s groom.`;
  } else {
    $('consent-status').textContent = '';
  }
}

export function startConsentPage(): void {
  const match = /^\/c\/([A-Za-z0-9_-]{8,255})\/?$/.exec(window.location.pathname);
  if (!match) return problem(404, 'Please check the link in our text message.');
  const token = match[1]!;
  void ask(token).then(({ status, data }) =>
    status === 200 ? show(token, data as ConsentPage) : problem(status, data?.error),
  );

  const form = $<HTMLFormElement>('consent-form');
  const name = $<HTMLInputElement>('consent-name');
  const error = $('consent-error');
  const button = $<HTMLButtonElement>('consent-agree');
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (button.disabled) return;
    if (!name.value.trim()) {
      error.textContent = 'Please type your name to agree.';
      error.hidden = false;
      name.setAttribute('aria-invalid', 'true');
      name.setAttribute('aria-describedby', 'consent-error');
      name.focus();
      return;
    }
    button.disabled = true;
    $('consent-status').textContent = 'Sending your agreement…';
    void ask(token, { name: name.value.trim() }).then(({ status, data }) => {
      button.disabled = false;
      if (status === 200 && data) return show(token, data);
      if (status === 400 || status === 429 || status === 0) {
        error.textContent = data?.error ?? 'We could not send that just now. Please try again.';
        error.hidden = false;
        $('consent-status').textContent = '';
        return;
      }
      problem(status, data?.error);
    });
  });
}
