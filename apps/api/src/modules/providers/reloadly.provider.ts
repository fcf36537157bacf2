// Reloadly as a Provider (issue 32): airtime top-ups only. The operator is found by auto-detect,
// the top-up carries our attempt's request id as customIdentifier, and a requery asks the
// top-up's status by Reloadly's transactionId, or, when the top-up went unanswered, the
// transactions report filtered by customIdentifier: did it arrive?
//   https://raphaelugwu.gitbook.io/airtime/operators/auto-detect-an-operator
//   https://raphaelugwu.gitbook.io/airtime/top-ups/top-up
//   https://docs.reloadly.com/airtime/top-ups/top-up-status
//   https://raphaelugwu.gitbook.io/airtime/transactions/get-transaction

import { parseNairaToKobo } from '@vendport/shared';
import { type AnswerLog, toProviderAnswer } from './adapter';
import type { Provider, ProviderAnswer, ProviderRecord, VendRequest } from './providers.service';
import type { ReloadlyClient } from './reloadly.client';
import { localNumber } from './vtpass.provider';

/** Auto-detect refusals about the number itself (the recipient's side), as reloadly.answers.ts reads
 * them; COULD_NOT_AUTO_DETECT_OPERATOR is Reloadly's gap (another provider may still serve the number). */
const RECIPIENT_DETECT_CODES = new Set(['INVALID_PHONE_NUMBER', 'INVALID_RECIPIENT_PHONE']);

/**
 * Naira as Reloadly reports it, parsed digit by digit; an amount with more than two decimals (a
 * converted discount, say) is rounded to the nearest kobo.
 */
const koboOf = (x: number | string) => parseNairaToKobo(String(x)) ?? Math.round(Number(x) * 100);

export class ReloadlyProvider implements Provider {
  readonly name = 'RELOADLY';

  constructor(
    private readonly client: ReloadlyClient,
    private readonly log?: AnswerLog,
  ) {}

  async vend(req: VendRequest): Promise<ProviderAnswer> {
    // Nothing below is sent to /topups until the operator is known: a failure here is definite.
    if (req.serviceType !== 'AIRTIME')
      return { outcome: 'FAILED', failureKind: 'PROVIDER', message: 'Reloadly serves airtime only' };
    const phone = localNumber(req.msisdn);
    const operator = await this.client.autoDetectOperator(phone, req.signal);
    if (!operator.ok) {
      const e = operator.error;
      const recipient = e.kind === 'REFUSED' && RECIPIENT_DETECT_CODES.has(e.code);
      // 401/403 after the client's re-authentication: our credentials or IP (issue 49).
      const refusal =
        (e.kind === 'REFUSED' || e.kind === 'HTTP') && (e.httpStatus === 401 || e.httpStatus === 403);
      return {
        outcome: 'FAILED',
        failureKind: recipient ? 'RECIPIENT' : 'PROVIDER',
        ...(refusal ? { refusal: true } : {}),
        message: `Reloadly operator lookup: ${e.detail}`,
      };
    }
    const ex = await this.client.topup(
      {
        customIdentifier: req.requestId,
        operatorId: operator.data.operatorId,
        amountNaira: req.amountKobo / 100,
        phone,
      },
      req.signal,
    );
    const ref = ex.transactionId !== undefined ? String(ex.transactionId) : null;
    return toProviderAnswer(this.name, ex.outcome, ex.answer, ref, this.log);
  }

  async query(req: VendRequest): Promise<ProviderAnswer> {
    if (req.providerReference && /^\d+$/.test(req.providerReference)) {
      const ex = await this.client.status(Number(req.providerReference), req.signal);
      return toProviderAnswer(this.name, ex.outcome, ex.answer, req.providerReference, this.log);
    }
    // The top-up was never answered: the report says whether it arrived, and under which id.
    const found = await this.client.findByCustomIdentifier(req.requestId, req.signal);
    const ref = found.transactionId !== undefined ? String(found.transactionId) : null;
    return toProviderAnswer(this.name, found.outcome, found.answer, ref, this.log);
  }

  async transactionsBetween(start: Date, end: Date): Promise<ProviderRecord[]> {
    const r = await this.client.transactionsBetween(start, end);
    if (!r.ok) throw new Error(`Reloadly transactions report: ${r.error.detail}`);
    return r.data.map((t) => ({
      requestId: t.customIdentifier ?? null,
      providerReference: String(t.transactionId),
      status: (['SUCCESSFUL', 'FAILED', 'REFUNDED'].includes(t.status)
        ? t.status
        : 'PROCESSING') as ProviderRecord['status'],
      // Naira amounts as Reloadly reports them (useLocalAmount: NGN), parsed, not multiplied as floats.
      amountKobo: koboOf(t.requestedAmount),
      discountKobo: t.discount === null || t.discount === undefined ? 0 : koboOf(t.discount),
    }));
  }

  async balance(req?: { signal?: AbortSignal }): Promise<{ balanceKobo: number }> {
    const b = await this.client.balance(req?.signal);
    if (!b.ok) throw new Error(`Reloadly balance: ${b.error.detail}`);
    if (b.data.currencyCode !== 'NGN')
      throw new Error(`Reloadly balance is in ${b.data.currencyCode}, not NGN`);
    return { balanceKobo: Math.round(b.data.balance * 100) };
  }
}
