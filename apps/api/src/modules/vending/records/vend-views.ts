// What the portal's vending routes share: the vend reference in a path, and the admin's view of
// a vend.
import { z } from 'zod';
import { type VendRow, vendOut } from './vend-reads.service';

export const refParams = z.object({
  id: z.string().trim().min(1).max(64).describe('The vend id or its VND- code'),
});

export const adminOut = (r: { v: VendRow; corporateName: string }) => ({
  ...vendOut(r.v),
  corporateId: r.v.corporateId,
  corporateName: r.corporateName,
  clientType: r.v.clientType,
  provider: r.v.provider,
  /** The route step holding the vend: platform and provider (AGGREGATOR:VTPASS). */
  route: r.v.routes[r.v.routeIndex] ?? null,
  providerReference: r.v.providerReference,
  vtuLineId: r.v.vtuLineId,
  reversalReason: r.v.reversalReason,
  providerReason: r.v.failureReason,
});
