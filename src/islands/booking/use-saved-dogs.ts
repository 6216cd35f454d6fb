import { useEffect, useState, type Dispatch } from 'react';
import { callApi } from '../../client/api.ts';
import { COOKIE_NAMES, getCookie } from '../../client/cookies.ts';
import { user as deviceUser } from '../../client/store.ts';
import * as apiRoutes from '../../domain/api-routes.ts';
import { formatUkMobile } from '../../domain/phone-format.ts';
import type { SavedDog } from '../../domain/saved-dogs.ts';
import type { BookingAction, Owner } from './booking-state.ts';
import { savedDogSchemas } from './on-demand.ts';

/**
 * A returning device (an auth_key cookie from an earlier booking): its saved dogs and its owner's
 * details, to pick rather than type. Device auth fills the store too; either source prefills. Asked
 * once the visit's starting point is known (`ready`), so a prefill is not overwritten by it.
 */
export function useSavedDogs(ready: boolean, dispatch: Dispatch<BookingAction>): SavedDog[] {
  const [savedDogs, setSavedDogs] = useState<SavedDog[]>([]);
  useEffect(() => {
    if (!ready) return;
    const prefill = (owner: Owner) =>
      dispatch({ type: 'prefilled', owner: { ...owner, phone: owner.phone ? formatUkMobile(owner.phone) : '' } });
    let asked = false;
    const apply = () => {
      const u = deviceUser.get();
      if (u) prefill(u);
      if (asked || (!u && !getCookie(COOKIE_NAMES.authKey))) return;
      asked = true;
      void callApi(apiRoutes.savedDogs, { schema: savedDogSchemas().then((m) => m.SavedDogsResponseSchema) }).then(
        (r) => {
          if (!r.data) return;
          setSavedDogs(r.data.dogs);
          prefill(r.data.owner);
        },
      );
    };
    apply();
    return deviceUser.listen(() => apply());
  }, [ready, dispatch]);
  return savedDogs;
}
