import site from '../../content/site.json' with { type: 'json' };

/** The shop's time zone: every date and time a customer or the groomer sees is on its clocks. */
export const SHOP_TIME_ZONE: string = site.timeZone;
