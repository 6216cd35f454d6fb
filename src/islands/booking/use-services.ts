import { useCallback, useEffect, useState } from 'react';
import { BOOKING_TYPES_TIMEOUT_MS, callApi } from '../../client/api.ts';
import * as apiRoutes from '../../domain/api-routes.ts';
import type { BookingType } from '../../domain/booking-types.ts';
import { bookingTypes } from './on-demand.ts';

/** The server's list of services replaces the build's: prices and services can change after a build. */
export function useServices(built: BookingType[]) {
  const [services, setServices] = useState<BookingType[]>(built);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(() => {
    setError(null);
    void callApi(apiRoutes.bookingTypes, {
      schema: bookingTypes().then((m) => m.BookingTypesResponseSchema),
      timeoutMs: BOOKING_TYPES_TIMEOUT_MS,
    }).then(async (r) => {
      if (r.data) {
        const { sortBookingTypes } = await bookingTypes();
        setServices(sortBookingTypes(r.data));
      } else
        setError(
          r.status === 0 ? 'We could not load our services just now.' : (r.error ?? 'We could not load our services.'),
        );
    });
  }, []);
  useEffect(reload, [reload]);
  return { services, error, reload };
}
export type Services = ReturnType<typeof useServices>;
