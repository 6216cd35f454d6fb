import type { Config } from '@netlify/functions';
import { BookingIdSchema } from '../../src/domain/booking-schemas.ts';
import { CustomerIdSchema } from '../../src/domain/customer-records.ts';
import {
  NoShowFeeRefundRequestSchema,
  NoShowFeeRequestSchema,
  WaiveRequestSchema,
} from '../../src/domain/no-show-staff-for-server.ts';
import { HttpError, json, parseJsonBody } from '../../src/server/http.ts';
import { refundNoShowFee } from '../../src/server/no-shows/fee-refunds.ts';
import { chargeNoShowFee, noShowFeeState } from '../../src/server/no-shows/fees.ts';
import { customerStrikes, waiveStrike } from '../../src/server/no-shows/strikes.ts';
import { NOT_FOUND, routeOf } from '../../src/server/routes.ts';
import { siteUrl } from '../../src/server/site-url.ts';
import { staffEndpoint } from '../../src/server/staff.ts';

const notFound = () => new HttpError(404, NOT_FOUND, { code: 'not_found' });

/** The fair no-show rules for staff (decision 081): a booking's no-show fee (and its refund), a customer's strikes. */
export default staffEndpoint(['GET', 'POST'], async (req, staff, context) => {
  const route = routeOf(req, context, [
    'noShowFee',
    'chargeNoShowFee',
    'refundNoShowFee',
    'customerStrikes',
    'waiveStrike',
  ]);
  switch (route.name) {
    case 'noShowFee':
    case 'chargeNoShowFee':
    case 'refundNoShowFee': {
      const id = BookingIdSchema.safeParse(route.params.id);
      if (!id.success) throw notFound();
      if (route.name === 'noShowFee') return json(await noShowFeeState(id.data));
      if (route.name === 'refundNoShowFee') {
        await parseJsonBody(req, NoShowFeeRefundRequestSchema);
        return json(await refundNoShowFee(id.data, staff));
      }
      return json(
        await chargeNoShowFee(id.data, await parseJsonBody(req, NoShowFeeRequestSchema), staff, siteUrl(req)),
      );
    }
    case 'customerStrikes':
    case 'waiveStrike': {
      const id = CustomerIdSchema.safeParse(route.params.id);
      if (!id.success) throw notFound();
      if (route.name === 'customerStrikes') return json(await customerStrikes(id.data));
      const booking = BookingIdSchema.safeParse(route.params.booking);
      if (!booking.success) throw notFound();
      return json(await waiveStrike(id.data, booking.data, await parseJsonBody(req, WaiveRequestSchema), staff));
    }
  }
});

export const config: Config = {
  path: [
    '/v1.0.1/management/bookings/:id/no-show-fee',
    '/v1.0.1/management/bookings/:id/no-show-fee/refund',
    '/v1.0.1/management/customers/:id/strikes',
    '/v1.0.1/management/customers/:id/strikes/:booking/waive',
  ],
};
