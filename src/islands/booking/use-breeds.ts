import { useCallback, useEffect, useRef, useState } from 'react';
import { callApi } from '../../client/api.ts';
import * as apiRoutes from '../../domain/api-routes.ts';
import type { Breed } from '../../domain/breeds.ts';
import { breedSchemas } from './on-demand.ts';

/**
 * The breeds, asked for once `wanted`: with the "Your dog" step's code, so the list is there when the
 * step is, or at once for a visitor resuming past it (the review names the breed).
 */
export function useBreeds(wanted: boolean) {
  const [breeds, setBreeds] = useState<Breed[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState(false);
  const asked = useRef(false);
  const reload = useCallback(() => {
    asked.current = true;
    setLoading(true);
    setError(false);
    void callApi(apiRoutes.breeds, { schema: breedSchemas().then((m) => m.BreedsResponseSchema) }).then((r) => {
      setLoading(false);
      if (r.data) setBreeds(r.data);
      else setError(true);
    });
  }, []);
  useEffect(() => {
    if (wanted && !asked.current) reload();
  }, [wanted, reload]);
  return { breeds, loading, error, reload };
}
export type Breeds = ReturnType<typeof useBreeds>;
