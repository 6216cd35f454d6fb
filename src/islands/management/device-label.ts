/**
 * A name for a passkey made on this device, from its user agent ("Chrome on Android", "Safari on
 * iPad"), so a staff member with several can tell them apart. A guess, never trusted for anything.
 */
export function deviceLabel(userAgent: string): string {
  const ua = userAgent.slice(0, 500);
  const platform = /iPad/.test(ua)
    ? 'iPad'
    : /iPhone/.test(ua)
      ? 'iPhone'
      : /Android/.test(ua)
        ? 'Android'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Macintosh|Mac OS X/.test(ua)
            ? 'Mac'
            : /CrOS/.test(ua)
              ? 'Chromebook'
              : /Linux/.test(ua)
                ? 'Linux'
                : null;
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /SamsungBrowser\//.test(ua)
      ? 'Samsung Internet'
      : /Firefox\/|FxiOS\//.test(ua)
        ? 'Firefox'
        : /Chrome\/|CriOS\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : null;
  if (browser && platform) return `${browser} on ${platform}`;
  return browser ?? platform ?? 'This device';
}
