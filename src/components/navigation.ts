/**
 * The site's navigation, in one place for the header, the footer and their tests.
 * Route names from the spec are kept as comments where the label differs.
 */
export interface NavLink {
  label: string;
  href: string;
  short?: string;
}

export const MAIN_LINKS: NavLink[] = [
  { label: 'Home', href: '/' }, // home
  { label: 'Book an appointment', href: '/book-appointment' }, // book-appointment
  { label: 'Prices', href: '/prices' },
  { label: 'Contact', href: '/contact' },
  { label: 'Questions & Answers', href: '/frequently-asked-questions' }, // Frequently Asked Questions
  { label: 'Shop', href: '/blog' }, // blog (the spec names the link Shop)
];

export const LEGAL_LINKS: NavLink[] = [
  { label: 'Terms & conditions', href: '/legal/terms-and-conditions' },
  { label: 'Refunds & cancellations', href: '/legal/refunds-and-cancellations' },
  { label: 'Self-disclosure policy', href: '/legal/self-disclosure-policy' },
  { label: 'Privacy & cookies', href: '/legal/privacy' },
];

export const MANAGEMENT_LINKS: NavLink[] = [
  { label: 'Dashboard', href: '/management' }, // management_home
  { label: 'Schedule', href: '/management/schedule' },
  { label: 'Finances', href: '/management/finances' },
  { label: 'Customers', href: '/management/customers' },
  { label: 'Breeds', href: '/management/cms/breeds' },
  { label: 'Settings', href: '/management/settings' },
];

/**
 * Contract §2: management links appear only when the current path contains /management. Matched as a
 * path segment, so a blog post whose slug starts with "management" does not show the staff links.
 */
export function showsManagementLinks(pathname: string): boolean {
  return /(^|\/)management(\/|$)/.test(pathname);
}

/** The footer's Book Online button shows on every route except home. */
export function showsFooterBooking(pathname: string): boolean {
  return pathname !== '/' && pathname !== '';
}

/** aria-current for a link: the page itself, or a section the page sits under (/blog/post/x → Shop). */
export function isCurrent(href: string, pathname: string): 'page' | 'true' | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (href === path) return 'page';
  if (href !== '/' && path.startsWith(`${href}/`)) return 'true';
  return undefined;
}

/**
 * aria-current for a staff link (src/components/StaffHeader.astro): 'page' on the page itself;
 * 'true' on Customers for one customer's page, which sits under it. The Dashboard, at /management,
 * is the page only there, not every staff page's section.
 */
export function staffCurrent(href: string, pathname: string): 'page' | 'true' | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (href === path) return 'page';
  if (href === '/management/customers' && path.startsWith('/management/customer/')) return 'true';
  return undefined;
}
