import { useEffect, useReducer, useState, type Dispatch, type FormEvent } from 'react';
import { callApi } from '../../../client/api.ts';
import { staffCall } from '../../../client/staff-session.ts';
import * as apiRoutes from '../../../domain/staff-api-routes.ts';
import { BookingTypesResponseSchema, sortBookingTypes, type BookingType } from '../../../domain/booking-types.ts';
import { BreedsResponseSchema, type Breed } from '../../../domain/breeds.ts';
import { extrasFor, type Extra } from '../../../domain/catalogue.ts';
import { StaffExtrasResponseSchema } from '../../../domain/extras-catalogue.ts';
import { StaffBookingResponseSchema, type ScheduleBooking } from '../../../domain/schedule.ts';
import { noVerdict } from '../../../client/api.ts';
import { useSubmit } from '../../forms/use-submit.ts';
import {
  initialPhoneBooking,
  phoneBookingReducer,
  phoneBookingRequest,
  type PhoneBookingAction,
} from './phone-booking.ts';

/** A fresh uuid per attempt of a phone booking (a double tap books once). */
const newKey = () => crypto.randomUUID();

const SLOT_GONE = new Set(['slot_taken', 'slot_unavailable']);

/**
 * The services and breeds the form offers, as the public booking form has them (the first service
 * chosen), and the extras on sale; the server prices and times them again when it books.
 */
function useCatalog(dispatch: Dispatch<PhoneBookingAction>): {
  services: BookingType[];
  breeds: Breed[];
  extras: Extra[];
} {
  const [services, setServices] = useState<BookingType[]>([]);
  const [breeds, setBreeds] = useState<Breed[]>([]);
  const [extras, setExtras] = useState<Extra[]>([]);
  useEffect(() => {
    void callApi(apiRoutes.bookingTypes, { schema: BookingTypesResponseSchema }).then((r) => {
      if (!r.data) return;
      const sorted = sortBookingTypes(r.data);
      setServices(sorted);
      dispatch({ type: 'servicesLoaded', first: sorted[0]?._id ?? '' });
    });
    void callApi(apiRoutes.breeds, { schema: BreedsResponseSchema }).then((r) => r.data && setBreeds(r.data));
    void staffCall(apiRoutes.staffExtras, { schema: StaffExtrasResponseSchema }).then(
      (r) =>
        r.data &&
        setExtras(
          r.data.extras
            .filter((e) => e.active)
            .map((e) => ({
              id: e._id,
              title: e.title,
              pricePence: e.price,
              durationMin: e.minutes,
              onlyWith: e.only_with,
            })),
        ),
    );
  }, [dispatch]);
  return { services, breeds, extras };
}

/** The phone booking's state, what it offers (the extras with the service chosen among it), and its submission. */
export function usePhoneBooking(date: string, onBooked: (booking: ScheduleBooking) => Promise<void>) {
  const [state, dispatch] = useReducer(phoneBookingReducer, date, (d) => initialPhoneBooking(d, newKey()));
  const { extras, ...catalog } = useCatalog(dispatch);
  const offered = extrasFor(extras, state.service);
  const submit = useSubmit('The booking could not be made. Please try again.');

  const book = (e: FormEvent) => {
    e.preventDefault();
    const request = phoneBookingRequest(state, offered);
    if ('problem' in request) return submit.fail(request.problem);
    void submit.run(
      async () => {
        const result = await staffCall(apiRoutes.phoneBooking, {
          body: request.body,
          schema: StaffBookingResponseSchema,
        });
        // Refused for sure: the next attempt is a new request. No answer: the same key, so a retry books once.
        if (result.error === null || noVerdict(result.status)) return result;
        const slotGone = SLOT_GONE.has(result.code ?? '');
        dispatch({ type: 'refused', key: newKey(), slotGone });
        return slotGone
          ? {
              ...result,
              error: `${result.error || 'That time has just been taken.'} The free times below are fresh: choose another and book again.`,
            }
          : result;
      },
      (data) => void onBooked(data.booking),
    );
  };

  return { state, dispatch, ...catalog, offered, submit, book };
}
