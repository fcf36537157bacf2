// The portal's vend: the signed-in client user vends from the wallet (place-vend does the vend),
// and a new vend (not a replay of one already made) is written to the audit trail.

import { recordAudit } from '../../../infra/audit';
import type { AppContext } from '../../../infra/context';
import { callerOf, corporateOfCaller, type RequestContext } from '../../../infra/request-context';
import { type VendInput, type VendResult, vend } from '../lifecycle/place-vend.service';

/** A vend from the portal by the signed-in client user; a new vend (not a replay) is audited. */
export async function portalVend(ctx: AppContext, rc: RequestContext, input: VendInput): Promise<VendResult> {
  const me = callerOf(rc);
  const res = await vend(
    ctx,
    { corporateId: corporateOfCaller(rc), channel: 'PORTAL', userId: me.userId },
    input,
  );
  if (!res.replay) {
    await recordAudit(ctx.db, rc, {
      action: 'vend.create',
      targetType: 'vend',
      targetId: res.vend.id,
      summary: {
        code: res.vend.code,
        phone: res.vend.msisdn,
        amountKobo: res.vend.amountKobo,
        status: res.vend.status,
      },
    });
  }
  return res;
}
