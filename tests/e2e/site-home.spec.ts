import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';

const site = JSON.parse(readFileSync(new URL('../../content/site.json', import.meta.url), 'utf8'));
const BOOK_BUTTON = 'Click to Book an Appointment / Online Booking - Dog Grooming in Leyton';

test("the splash has the spec's headline and book button, and its height is the viewport less 55px and the header", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Trusted and Professional Dog Grooming in Leyton' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: BOOK_BUTTON })).toHaveAttribute('href', '/book-appointment?type=full');
  const { splash, header } = await page.evaluate(() => ({
    splash: document.querySelector('.splash')!.getBoundingClientRect().height,
    header: (document.querySelector('[data-site-header]') as HTMLElement).offsetHeight,
  }));
  expect(Math.abs(splash - (900 - 55 - header))).toBeLessThanOrEqual(1);
});

test('the splash picture is preloaded with high priority, with a blurred stand-in until it arrives', async ({
  page,
}) => {
  await page.goto('/');
  const preload = page.locator('link[rel="preload"][as="image"]');
  await expect(preload).toHaveAttribute('fetchpriority', 'high');
  const art = page.locator('[data-splash-art]');
  expect(await art.getAttribute('style')).toMatch(/--placeholder: url\('data:image\/webp;base64,/);
  const img = art.locator('img');
  await expect(img).toHaveAttribute('fetchpriority', 'high');
  expect(await img.getAttribute('src')).toBe(await preload.getAttribute('href'));
  await expect(art).toHaveClass(/is-ready/);
});

test("home sections come in the spec's order, with the qualities, review badge, partners and phone notice", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const ids = await page
    .locator('main > .after-load > section[id], main > .after-load > aside.promotion')
    .evaluateAll((els) => els.map((e) => e.id || 'promotion'));
  expect(ids).toEqual(['qualities', 'heritage', 'partners', 'prices', 'find-us', 'contact', 'promotion', 'blog']);

  const cards = page.locator('#qualities li');
  await expect(cards).toHaveCount(3);
  for (const title of [
    'Organic products made for groomers',
    'High-grade equipment',
    'Certified and insured grooming staff',
  ]) {
    await expect(page.getByRole('heading', { level: 3, name: title })).toBeVisible();
  }
  const leaning = await cards.evaluateAll((els) => els.map((e) => getComputedStyle(e).transform));
  expect(leaning.some((t) => t !== 'none')).toBe(true);

  await expect(
    page.getByText(`${site.reviews.rating.toFixed(1)} out of 5 from ${site.reviews.count} Google reviews`),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: /products and tools we use/ })).toBeAttached();
  const notice = page.getByRole('complementary', { name: 'Phone line notice' });
  await expect(notice.getByRole('link', { name: site.bookingPhone.display })).toHaveAttribute(
    'href',
    `tel:${site.bookingPhone.e164}`,
  );
  await expect(page.getByRole('heading', { level: 2, name: 'Our Prices & Services' })).toBeVisible();
});

test('a quality card straightens on hover, and sits straight with reduced motion', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  const card = page.locator('#qualities li').first();
  expect(await card.evaluate((e) => getComputedStyle(e).transform)).not.toBe('none');
  await card.hover();
  await expect
    .poll(() => card.evaluate((e) => getComputedStyle(e).transform))
    .toMatch(/^(none|matrix\(1, 0, 0, 1, 0, 0\))$/);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.mouse.move(0, 0);
  expect(await card.evaluate((e) => getComputedStyle(e).transform)).toBe('none');
});

test('the promotion shows on a phone and not on a wide screen', async ({ page }) => {
  const promotion = page.getByRole('complementary', { name: site.promotion.title });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await expect(promotion).toBeVisible();
  await expect(promotion).toContainText('£5 off any shower session for small dogs under 12kg, for a limited time.');
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(promotion).toBeHidden();
});

test('content below the splash is in the HTML for everyone and shown once the document has loaded', async ({
  page,
  browser,
}) => {
  const html = await (await page.request.get('/')).text();
  expect(html).toContain('Gentle hands, good products, proper training');
  await page.goto('/', { waitUntil: 'load' });
  await expect(page.locator('html')).toHaveClass(/is-loaded/);
  await expect(page.locator('#qualities')).toBeVisible();

  // Without JavaScript nothing is held back.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await plain.goto('/');
  await expect(plain.locator('#qualities')).toBeVisible();
  await expect(plain.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Prices' })).toBeVisible();
  await noScript.close();
});

test('the home page describes the business as a LocalBusiness from site.json', async ({ page }) => {
  await page.goto('/');
  const data = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
  expect(data['@type']).toBe('LocalBusiness');
  expect(data.telephone).toBe(site.phone.e164);
  expect(data.address.postalCode).toBe(site.address.postcode);
  expect(data.geo.latitude).toBe(site.address.geo.lat);
  expect(data.priceRange).toBe(site.priceRange);
  expect(data.openingHoursSpecification[0].closes).toBe('18:00');
});

test("the footer's Book Online button is on every page but home", async ({ page }) => {
  const footerBook = page.getByRole('contentinfo').getByRole('link', { name: 'Book Online' });
  await page.goto('/');
  await expect(footerBook).toHaveCount(0);
  for (const path of ['/prices', '/contact', '/leyton', '/no-such-page']) {
    await page.goto(path);
    await expect(footerBook).toBeVisible();
    await expect(footerBook).toHaveAttribute('href', '/book');
  }
});

test("the footer carries the business's facts and its three sections", async ({ page }) => {
  await page.goto('/about');
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText(site.address.street);
  await expect(footer).toContainText(site.companyNumber);
  await expect(footer.getByRole('link', { name: site.phone.display })).toHaveAttribute(
    'href',
    `tel:${site.phone.e164}`,
  );
  await expect(footer.getByRole('link', { name: site.email })).toHaveAttribute('href', `mailto:${site.email}`);
  await expect(footer.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute(
    'href',
    `https://wa.me/${site.whatsapp.e164.replace(/\D/g, '')}`,
  );
  await expect(footer.getByRole('navigation', { name: 'Services' })).toBeVisible();
  const social = footer.getByRole('navigation', { name: 'Social' });
  await expect(social.getByRole('link', { name: 'Instagram' })).toHaveAttribute('href', '/book');
  await expect(social.getByRole('link', { name: 'Leave a review' })).toHaveAttribute('href', '/book');
  await expect(
    footer.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name: 'Privacy & cookies' }),
  ).toHaveAttribute('href', '/legal/privacy');
});

test('the offline banner shows while the browser is offline and goes when it is back', async ({ page, context }) => {
  await page.goto('/contact');
  const banner = page.getByText('Network Issue: You are offline. Please check your internet connection.');
  await expect(banner).toBeHidden();
  await context.setOffline(true);
  await expect(banner).toBeVisible();
  await context.setOffline(false);
  await expect(banner).toBeHidden();
});

test('the contact page gives every way in touch, the opening times from site.json and directions', async ({ page }) => {
  await page.goto('/contact');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Message us on WhatsApp' })).toHaveAttribute(
    'data-event',
    'whatsapp_big',
  );
  await expect(main.getByRole('link', { name: 'Book online' })).toHaveAttribute('data-event', 'online_big');
  await expect(main.getByRole('link', { name: `Call ${site.phone.display}` })).toHaveAttribute('data-event', 'call');
  await expect(main.getByRole('link', { name: 'Send an e-mail' })).toHaveAttribute('data-event', 'email');
  await expect(main).toContainText(site.address.postcode);
  await expect(main.getByRole('link', { name: 'Get directions' })).toHaveAttribute('href', /google\.com\/maps/);
  const table = main.getByRole('table', { name: 'Opening times' });
  await expect(table.getByRole('row', { name: 'Monday 9:00am – 18:00' })).toBeVisible();
  await expect(table.getByRole('row', { name: 'Saturday 9:00am – 18:00' })).toBeVisible();
  await expect(table.getByRole('row', { name: 'Sunday Closed' })).toBeVisible();
  await expect(main).not.toContainText('5pm');
});

test('the self-disclosure page, the Q&A and About say the facts of site.json, filled in where their text refers to them', async ({
  page,
}) => {
  const street = `${site.address.street}, ${site.address.locality}, ${site.address.city} ${site.address.postcode}`;
  await page.goto('/legal/self-disclosure-policy');
  const policy = page.getByRole('main');
  await expect(policy).toContainText(`${street}, United Kingdom.`);
  await expect(policy).toContainText(`Phone: ${site.phone.display}`);
  await expect(policy.locator('.prose').getByRole('link', { name: site.email })).toHaveAttribute(
    'href',
    `mailto:${site.email}`,
  );
  await expect(policy.locator('.prose')).toContainText(`company number ${site.companyNumber}.`);
  expect(await page.locator('meta[name="description"]').getAttribute('content')).toContain(
    `company number ${site.companyNumber}:`,
  );

  await page.goto('/frequently-asked-questions');
  const hours = page.locator('details#opening-hours');
  await hours.locator('summary').click();
  await expect(hours.locator('.faq__answer')).toContainText(
    'Monday to Saturday, 9:00am – 18:00; closed on Sunday. All grooms are by appointment',
  );
  const findingUs = page.locator('details#finding-us-and-parking');
  await findingUs.locator('summary').click();
  await expect(findingUs.locator('.faq__answer')).toContainText(site.address.directions);

  await page.goto('/about');
  await expect(page.getByRole('main')).toContainText(`we usually reply in about ${site.whatsapp.replyMinutes} minutes`);
  await expect(page.getByRole('main')).toContainText(`Booking online takes about ${site.onlineBookingMinutes} minutes`);
  await expect(page.locator('body')).not.toContainText('{{');
});

test('the prices page has its heading, Book Now, the no-hidden-fees promise and its links', async ({ page }) => {
  await page.goto('/prices');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Book Now' })).toBeVisible();
  await expect(main).toContainText('no hidden fees');
  await expect(main).toContainText('Premium organic shampoos');
  await expect(main.getByRole('link', { name: 'Questions & Answers' })).toHaveAttribute(
    'href',
    '/frequently-asked-questions',
  );
  await expect(main.getByRole('link', { name: 'contact us' })).toHaveAttribute('href', '/contact');
  await expect(main.getByRole('link', { name: 'book online' })).toHaveAttribute('href', '/book-appointment');
});

test('the Q&A page answers at least ten questions, each opening to its answer', async ({ page }) => {
  await page.goto('/frequently-asked-questions');
  const questions = page.locator('details.faq');
  expect(await questions.count()).toBeGreaterThanOrEqual(10);
  const first = questions.first();
  await first.locator('summary').click();
  await expect(first.locator('.faq__answer')).toBeVisible();
});
