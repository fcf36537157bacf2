// VTpass as a Provider (issue 32): the vend lifecycle's one request shape turned into POST /pay and
// POST /requery, and their outcomes (vtpass.answers.ts) into its one answer shape.
//   https://www.vtpass.com/documentation/buying-services/   serviceID, amount in naira, phone, billersCode
//   https://www.vtpass.com/documentation/re-query-services/ requery by our request_id
import type { Network } from '@vendport/shared';
import { type AnswerLog, toProviderAnswer } from './adapter';
import type { BillPayRequest, BillVariation, BillVerifyAnswer, BillVerifyRequest } from './bills';
import type { Provider, ProviderAnswer, VendRequest } from './providers.service';
import type { UpstreamAnswer } from './upstream.answers';
import { maskTokensIn, vtpassBillFacts, vtpassVerifyAnswer } from './vtpass.bills';
import type { VtpassClient } from './vtpass.client';

/** VTpass's serviceIDs: airtime by network, data with `-data` (9mobile is still `etisalat`). */
export function vtpassServiceId(network: Network, type: 'AIRTIME' | 'DATA'): string {
  const base: Record<string, string> = { MTN: 'mtn', AIRTEL: 'airtel', GLO: 'glo', '9MOBILE': 'etisalat' };
  const id = base[network] ?? network.toLowerCase();
  return type === 'DATA' ? `${id}-data` : id;
}

/** +2348031234567 -> 08031234567, the form VTpass's examples use. */
export const localNumber = (msisdn: string) => (msisdn.startsWith('+234') ? `0${msisdn.slice(4)}` : msisdn);

/** content.transactions.transactionId, when the answer carries one. */
function transactionIdOf(answer: UpstreamAnswer): string | null {
  if ('noAnswer' in answer) return null;
  const body = answer.body as { content?: { transactions?: { transactionId?: unknown } } } | null;
  const id = body && typeof body === 'object' ? body.content?.transactions?.transactionId : undefined;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
}

export class VtpassProvider implements Provider {
  readonly name = 'VTPASS';

  constructor(
    private readonly client: VtpassClient,
    private readonly log?: AnswerLog,
  ) {}

  private answer(
    ex: { answer: UpstreamAnswer; outcome: Parameters<typeof toProviderAnswer>[1] },
    req: VendRequest,
  ) {
    const ref = transactionIdOf(ex.answer) ?? req.providerReference;
    return toProviderAnswer(this.name, ex.outcome, ex.answer, ref, this.log);
  }

  /**
   * A delivered bill carries its token, units and receipt; a prepaid meter's payment delivered
   * without a token is unknown (requeried for it), never final without what the customer paid for.
   */
  private billAnswer(
    ex: { answer: UpstreamAnswer; outcome: Parameters<typeof toProviderAnswer>[1] },
    req: VendRequest,
    bill: BillPayRequest,
  ): ProviderAnswer {
    const a = { ...this.answer(ex, req) };
    a.raw = maskTokensIn(a.raw);
    if (a.outcome !== 'SUCCESS') return a;
    const facts = vtpassBillFacts('noAnswer' in ex.answer ? null : ex.answer.body);
    if (bill.kind === 'ELECTRICITY' && bill.meterType === 'PREPAID' && !facts.token)
      return { ...a, outcome: 'PENDING', message: `${a.message}, without its token: requeried for it` };
    return { ...a, bill: facts };
  }

  private async payBill(req: VendRequest, bill: BillPayRequest): Promise<ProviderAnswer> {
    const electricity = bill.kind === 'ELECTRICITY';
    const ex = await this.client.pay(
      {
        requestId: req.requestId,
        serviceID: bill.serviceId,
        // Electricity: the amount bought; TV renew: the renewal amount; TV change: the bouquet's price
        // (VTpass charges the variation's amount).
        amountNaira: req.amountKobo / 100,
        phone: localNumber(bill.phone),
        billersCode: bill.customerNumber,
        variationCode: electricity
          ? (bill.meterType ?? 'PREPAID').toLowerCase()
          : (bill.variationCode ?? undefined),
        subscriptionType:
          electricity || bill.billerCode === 'SHOWMAX'
            ? undefined
            : bill.subscriptionType === 'RENEW'
              ? 'renew'
              : 'change',
        email: bill.email ?? undefined,
      },
      req.signal,
    );
    return this.billAnswer(ex, req, bill);
  }

  async verifyBill(req: BillVerifyRequest): Promise<BillVerifyAnswer> {
    const answer = await this.client.merchantVerify(
      {
        serviceID: req.serviceId,
        billersCode: req.customerNumber,
        type: req.meterType ? (req.meterType.toLowerCase() as 'prepaid' | 'postpaid') : undefined,
      },
      req.signal,
    );
    return vtpassVerifyAnswer(answer);
  }

  async billVariations(_billerCode: string, serviceId: string): Promise<BillVariation[]> {
    const r = await this.client.serviceVariations(serviceId);
    if (!r.ok) throw new Error(`VTpass service-variations: ${r.error.detail}`);
    return r.data.variations.map((v) => ({
      code: v.variation_code,
      name: v.name,
      priceKobo: Math.round(Number(v.variation_amount) * 100),
    }));
  }

  async vend(req: VendRequest): Promise<ProviderAnswer> {
    if (req.bill) return this.payBill(req, req.bill);
    const phone = localNumber(req.msisdn);
    const data = req.serviceType === 'DATA';
    if (data && !req.providerPlanCode) {
      // The route never sends an unmapped plan here; if it did, nothing was sent.
      return { outcome: 'FAILED', failureKind: 'PROVIDER', message: 'No VTpass code for this plan' };
    }
    const ex = await this.client.pay(
      {
        requestId: req.requestId,
        serviceID: vtpassServiceId(req.network, req.serviceType),
        amountNaira: data ? undefined : req.amountKobo / 100,
        phone,
        billersCode: data ? phone : undefined,
        variationCode: data ? (req.providerPlanCode ?? undefined) : undefined,
      },
      req.signal,
    );
    return this.answer(ex, req);
  }

  async query(req: VendRequest): Promise<ProviderAnswer> {
    const ex = await this.client.requery(req.requestId, req.signal);
    if (req.bill) return this.billAnswer(ex, req, req.bill);
    return this.answer(ex, req);
  }

  async balance(req?: { signal?: AbortSignal }): Promise<{ balanceKobo: number }> {
    const b = await this.client.balance(req?.signal);
    if (!b.ok) throw new Error(`VTpass balance: ${b.error.detail}`);
    return { balanceKobo: Math.round(b.data.balanceNaira * 100) };
  }
}
