import { API_PREFIX, pathTo } from '../../../domain/api-route.ts';
import { staffVisitPhoto } from '../../../domain/staff-api-routes.ts';

/** A stored visit photo as the staff pages load it (decision 094): the staff cookie goes with an <img>'s request. */
export const staffPhotoUrl = (id: string, side: 'before' | 'after') =>
  `${API_PREFIX}${pathTo(staffVisitPhoto, { id, side })}`;
