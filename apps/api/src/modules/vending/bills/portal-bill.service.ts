// The portal's bill payment: the signed-in client user pays from the wallet (pay.service does the
// vend), and a new payment (not a replay) is written to the audit trail, without its token: the
// summary names the customer (biller and number), the amount and the status only (issue 51).
import { recordAudit } from '../../../infra/audit';
import type { AppContext } from '../../../infra/context';
import { callerOf, corporateOfCaller, type RequestContext } from '../../../infra/request-context';
import { type BillPayInput, type BillResult, payBill } from './pay.service';

export async function portalPayBill(
  ctx: AppContext,
  rc: RequestContext,
  input: BillPayInput,
): Promise<BillResult> {
  const res = await payBill(
    ctx,
    { corporateId: corporateOfCaller(rc), channel: 'PORTAL', userId: callerOf(rc).userId },
    input,
  );
  if (!res.replay) {
    await recordAudit(ctx.db, rc, {
      action: 'bill.pay',
      targetType: 'vend',
      targetId: res.vend.id,
      // The customer as "IKEDC 1111111111111" (a number alone would read as an amount); no token.
      summary: {
        customer: `${res.bill.billerCode} ${res.bill.customerNumber}`,
        amountKobo: res.vend.amountKobo,
        status: res.vend.status,
      },
    });
  }
  return res;
}
