// Card funding through a payment gateway. The client pays amount + fee (spec §9 fee rule, shown
// before paying); once the gateway confirms — by its signed callback or by our verify call (which a
// Paystack webhook only triggers), in any order, any number of times — the wallet is credited with
// the amount exactly once:
// the card payment row is locked FOR UPDATE, only a non-SUCCESSFUL row is credited, and the
// ledger transfer's reference `card-payment:<reference>` is unique. Gateway clearing receives
// amount + fee; the wallet gets the amount; fee income gets the fee.
import {
  type CardFeeRule,
  type CardPaymentStatus,
  cardFundingFeeKobo,
  describeCardFeeRule,
  formatNaira,
  koboToNairaString,
} from '@vendport/shared';
import { recordAudit } from '../../../infra/audit';
import type { AppContext } from '../../../infra/context';
import type { Db } from '../../../infra/db/client';
import { AppError, notFound } from '../../../infra/errors';
import { enqueue } from '../../../infra/queue';
import { callerOf, type RequestContext, systemContext } from '../../../infra/request-context';
import { corporateSummary } from '../../corporates';
import { systemAccountId, transfer, walletAccountId } from '../../ledger';
import { notifyCorporate } from '../../notifications';
import { cardFeeRuleOf } from '../../platform';
import { cardReference } from '../codes';
import {
  type CardPaymentRow,
  findCardPayment,
  insertCardPayment,
  lockCardPayment,
  stalePendingCardPayments,
  updateCardPayment,
} from '../funding.repo';
import type { GatewayVerifyResult, PaymentGateway } from '../gateway/gateway';
import { callbackUrlOf, PaystackGateway, paystackClientOf } from '../gateway/paystack/gateway';
import { SimulatorGateway } from '../gateway/simulator';
import { requireActiveCorporate } from '../requests/fund-requests.service';
import { type CardDisputeRow, type CardMoneyEventRow, disputesOf, moneyEventsOf } from './card-money.repo';
import { checkCardMoney } from './card-money.service';
import { recoverCardReceivables, reverseLocked } from './card-reversal.service';

export function gatewayOf(ctx: AppContext): PaymentGateway | null {
  switch (ctx.config.cardGateway) {
    case 'simulator':
      return new SimulatorGateway(ctx.db);
    case 'paystack':
      return new PaystackGateway(paystackClientOf(ctx.config), callbackUrlOf(ctx.config));
    default:
      return null;
  }
}

function requireGateway(ctx: AppContext): PaymentGateway {
  const g = gatewayOf(ctx);
  if (!g) {
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      400,
      'Card funding is not available at the moment. Please fund by bank transfer.',
    );
  }
  return g;
}

export function cardFeeWith(rule: CardFeeRule, amountKobo: number) {
  const feeKobo = cardFundingFeeKobo(amountKobo, rule);
  const totalKobo = amountKobo + feeKobo;
  return {
    amountKobo,
    feeKobo,
    totalKobo,
  };
}

/** The fee now, by the platform's fee rule (spec §9 unless an admin changed it). */
export async function cardFee(ctx: AppContext, amountKobo: number) {
  const rule = await cardFeeRuleOf(ctx);
  const fee = cardFeeWith(rule, amountKobo);
  return {
    ...fee,
    capped: fee.feeKobo === rule.capKobo && rule.capKobo > 0,
    rule: describeCardFeeRule(rule),
  };
}

export function cardPaymentView(
  p: CardPaymentRow,
  money: { events?: CardMoneyEventRow[]; disputes?: CardDisputeRow[] } = {},
) {
  return {
    // What was charged when the payment started, whatever the rule says today.
    amountKobo: p.amountKobo,
    feeKobo: p.feeKobo,
    totalKobo: p.totalKobo,
    reference: p.reference,
    status: p.status as CardPaymentStatus,
    credited: p.transferId !== null,
    checkoutUrl: p.status === 'PENDING' ? p.checkoutUrl : null,
    createdAt: p.createdAt.toISOString(),
    paidAt: p.paidAt?.toISOString() ?? null,
    refundedKobo: p.refundedKobo,
    moneyEvents: (money.events ?? []).map((e) => ({
      kind: e.kind as 'REFUND' | 'DISPUTE_TAKEN' | 'DISPUTE_RETURNED',
      amountKobo: e.amountKobo,
      walletKobo: e.walletKobo,
      createdAt: e.createdAt.toISOString(),
    })),
    disputes: (money.disputes ?? []).map((d) => ({
      id: d.gatewayId,
      status: d.status,
      resolution: d.resolution,
      dueAt: d.dueAt?.toISOString() ?? null,
      states: d.states,
    })),
  };
}

/** The payment with its refund and dispute movements and its disputes (the client's verify). */
export async function cardPaymentDetail(ctx: AppContext, p: CardPaymentRow) {
  const [events, disputes] = await Promise.all([moneyEventsOf(ctx.db, p.id), disputesOf(ctx.db, p.id)]);
  return cardPaymentView(p, { events, disputes });
}

export async function initializeCardPayment(ctx: AppContext, rc: RequestContext, amountKobo: number) {
  const actor = callerOf(rc);
  const gateway = requireGateway(ctx);
  const corporateId = actor.corporateId!;
  const corp = await requireActiveCorporate(ctx.db, corporateId);
  const fee = cardFeeWith(await cardFeeRuleOf(ctx), amountKobo);
  const reference = cardReference();
  const payment = await insertCardPayment(ctx.db, {
    reference,
    corporateId,
    gateway: gateway.name,
    amountKobo: fee.amountKobo,
    feeKobo: fee.feeKobo,
    totalKobo: fee.totalKobo,
    createdById: actor.userId,
  });
  let checkoutUrl: string;
  try {
    ({ checkoutUrl } = await gateway.initialize({
      reference,
      amountKobo: fee.totalKobo,
      email: corp.email,
      description: `VendPort wallet funding ${formatNaira(fee.amountKobo)} + ${formatNaira(fee.feeKobo)} fee`,
    }));
  } catch (err) {
    ctx.log.error({ err, reference }, 'card payment initialization failed');
    await updateCardPayment(ctx.db, payment.id, {
      status: 'FAILED',
      statusReason: 'The payment could not be started',
    });
    throw new AppError('SERVICE_UNAVAILABLE', 400, 'The payment could not be started. Please try again.');
  }
  const row = await updateCardPayment(ctx.db, payment.id, { checkoutUrl });
  await recordAudit(ctx.db, rc, {
    action: 'funding.card.initialize',
    targetType: 'card_payment',
    targetId: reference,
    summary: {
      amount: koboToNairaString(fee.amountKobo),
      fee: koboToNairaString(fee.feeKobo),
      total: koboToNairaString(fee.totalKobo),
    },
  });
  return cardPaymentView(row);
}

/**
 * Applies what the gateway says about a payment. Idempotent: a SUCCESSFUL payment is never
 * credited again, whatever arrives later. Returns the payment and whether this call credited it.
 */
export async function settleCardPayment(
  ctx: AppContext,
  reference: string,
  result: GatewayVerifyResult,
  via: 'callback' | 'verify',
  rc?: RequestContext,
): Promise<{ payment: CardPaymentRow; credited: boolean }> {
  return ctx.db.transaction(async (tx) => {
    const p = await lockCardPayment(tx, reference);
    if (!p) throw notFound('Card payment');
    const audit = rc ?? systemContext(`card-payment-${via}`);

    // Reversed is final: nothing the gateway says later credits it again. Except one case: a
    // Paystack payment reversed before it was credited because a chargeback was logged, whose
    // dispute the merchant then won: Paystack says success again and holds the money, so it is
    // credited now (issue 50: a dispute won gives the money back).
    const wonBack =
      p.status === 'REVERSED' && !p.transferId && p.gateway === 'PAYSTACK' && result.status === 'SUCCESSFUL';
    if (p.status === 'REVERSED' && !wonBack) return { payment: p, credited: false };
    // Paystack's "reversed" on a credited payment says a refund or a chargeback happened, not how
    // much: its refunds and disputes are booked one by one, for their amounts (card-money.service.ts).
    if (result.status === 'REVERSED' && p.status === 'SUCCESSFUL' && p.gateway === 'PAYSTACK')
      return { payment: p, credited: false };
    if (result.status === 'REVERSED') {
      const r = await reverseLocked(ctx, tx, p, {
        reason: 'The gateway reports the payment as reversed',
        source: via,
        rc,
      });
      return { payment: r.payment, credited: false };
    }
    if (p.status === 'SUCCESSFUL') return { payment: p, credited: false };

    if (result.status === 'SUCCESSFUL') {
      if (result.amountKobo !== p.totalKobo || result.currency !== 'NGN') {
        // Paid, but not what we asked for: an admin decides (funding history, status REVIEW).
        if (p.status === 'REVIEW') return { payment: p, credited: false };
        ctx.log.error(
          { reference, expected: p.totalKobo, got: result.amountKobo, currency: result.currency, via },
          'card payment amount or currency mismatch: not credited',
        );
        const reported =
          result.currency === 'NGN'
            ? formatNaira(result.amountKobo ?? 0)
            : `${result.amountKobo ?? '?'} in ${result.currency ?? 'an unknown currency'} subunits`;
        const payment = await updateCardPayment(tx, p.id, {
          status: 'REVIEW',
          statusReason: `The gateway reported ${reported} instead of ${formatNaira(p.totalKobo)}; held for an admin, nothing credited`,
        });
        await recordAudit(tx, audit, {
          action: 'funding.card.review',
          targetType: 'card_payment',
          targetId: p.reference,
          corporateId: p.corporateId,
          summary: {
            via,
            status: 'REVIEW',
            expectedTotal: koboToNairaString(p.totalKobo),
            reportedAmountSubunits: result.amountKobo,
            reportedCurrency: result.currency,
          },
        });
        return { payment, credited: false };
      }
      const credit = await creditCardPayment(tx, p);
      const payment = await updateCardPayment(tx, p.id, {
        status: 'SUCCESSFUL',
        statusReason: null,
        transferId: credit.transferId,
        paidAt: result.paidAt ?? new Date(),
      });
      // What a reversed card payment left owing comes out of this credit first.
      const recovered = await recoverCardReceivables(
        tx,
        p.corporateId,
        credit.transferId,
        rc ?? systemContext(`card-payment:${via}`),
      );
      const corp = await corporateSummary(tx, p.corporateId);
      const settled = recovered
        ? ` ${formatNaira(recovered)} of it settled what a reversed card payment left owing.`
        : '';
      const body = `Your wallet was funded with ${formatNaira(p.amountKobo)} by card (reference ${p.reference}; fee ${formatNaira(p.feeKobo)}).${settled} New balance: ${formatNaira(credit.balanceKobo - recovered)}.`;
      await notifyCorporate(tx, p.corporateId, 'Wallet funded by card', body);
      if (corp) await ctx.mailer.send(tx, { to: corp.email, subject: 'Wallet funded by card', text: body });
      if (rc)
        await recordAudit(tx, rc, {
          action: 'funding.card.credit',
          targetType: 'card_payment',
          targetId: p.reference,
          corporateId: p.corporateId,
          summary: {
            via,
            amount: koboToNairaString(p.amountKobo),
            fee: koboToNairaString(p.feeKobo),
            transferId: credit.transferId,
          },
        });
      return { payment, credited: true };
    }

    if ((result.status === 'FAILED' || result.status === 'CANCELLED') && p.status === 'PENDING') {
      const payment = await updateCardPayment(tx, p.id, {
        status: result.status,
        statusReason: result.status === 'CANCELLED' ? 'Cancelled by the payer' : 'The payment failed',
      });
      if (rc)
        await recordAudit(tx, rc, {
          action: 'funding.card.status',
          targetType: 'card_payment',
          targetId: p.reference,
          corporateId: p.corporateId,
          summary: { via, status: result.status },
        });
      return { payment, credited: false };
    }
    return { payment: p, credited: false };
  });
}

async function creditCardPayment(
  tx: Db,
  p: CardPaymentRow,
): Promise<{ transferId: string; balanceKobo: number }> {
  const wallet = await walletAccountId(tx, p.corporateId);
  const entries = [
    { accountId: await systemAccountId(tx, 'GATEWAY_CLEARING'), amountKobo: -p.totalKobo },
    { accountId: wallet, amountKobo: p.amountKobo },
  ];
  if (p.feeKobo > 0)
    entries.push({ accountId: await systemAccountId(tx, 'FEE_INCOME'), amountKobo: p.feeKobo });
  const res = await transfer(tx, {
    kind: 'CARD_FUNDING',
    reference: `card-payment:${p.reference}`,
    description: `Card funding ${p.reference}`,
    corporateId: p.corporateId,
    source: { type: 'card_payment', id: p.id },
    actorId: p.createdById,
    metadata: { feeKobo: p.feeKobo, totalKobo: p.totalKobo },
    entries,
  });
  // The row lock makes a replay impossible here; if one ever happens, do not mark it credited twice.
  if (!res.created) throw new AppError('CONFLICT', 409, 'This card payment was already credited');
  return {
    transferId: res.transfer.id,
    balanceKobo: res.entries.find((e) => e.accountId === wallet)!.balanceAfterKobo,
  };
}

/** The client's own check: ask the gateway, credit if paid. Another corporate's reference -> 404. */
export async function verifyCardPayment(
  ctx: AppContext,
  corporateId: string,
  reference: string,
  rc?: RequestContext,
) {
  const p = await findCardPayment(ctx.db, reference, corporateId);
  if (!p) throw notFound('Card payment');
  if (p.status === 'REVERSED') return { payment: p, credited: false };
  // A credited payment is asked about again: the gateway may have reversed it since (refund,
  // chargeback), which settleCardPayment then takes back (reverseCreditedCardPayment's rules).
  const result = await requireGateway(ctx).verify(reference);
  if (result.status === 'NOT_FOUND' || result.status === 'UNKNOWN') {
    if (result.status === 'UNKNOWN')
      ctx.log.warn({ reference, detail: result.detail }, 'card verify unclear');
    return { payment: p, credited: false };
  }
  const settled = await settleCardPayment(ctx, reference, result, 'verify', rc);
  const money = await checkCardMoney(ctx, settled.payment, result);
  if (!money.moved) return settled;
  return { ...settled, payment: (await findCardPayment(ctx.db, reference)) ?? settled.payment };
}

export const CARD_CHECK_QUEUE = 'card-payment-check';

/**
 * Queues a check of a card payment at its gateway (a webhook's hint). One check waits per payment
 * and kind (`charge`, `reversal`: a refund arriving while the charge's check waits is not lost),
 * however many deliveries arrive. Null for a reference we never issued; false when one was waiting.
 */
export async function queueCardPaymentCheck(
  ctx: AppContext,
  reference: string,
  kind: 'charge' | 'reversal',
): Promise<boolean | null> {
  if (!(await findCardPayment(ctx.db, reference))) return null;
  const jobId = await enqueue(
    ctx.db,
    CARD_CHECK_QUEUE,
    { reference },
    { dedupeKey: `${CARD_CHECK_QUEUE}:${reference}:${kind}`, maxAttempts: 8 },
  );
  return jobId !== null;
}

/**
 * The check a gateway's webhook schedules (a webhook is only a hint): ask the gateway about the
 * payment, whatever our status, and apply its answer. Returns null for a reference we never issued;
 * `unclear` when the gateway's answer could not be classified (the job asks again).
 */
export async function checkCardPaymentAtGateway(ctx: AppContext, reference: string) {
  const p = await findCardPayment(ctx.db, reference);
  if (!p) return null;
  const gateway = gatewayOf(ctx);
  if (!gateway) return { payment: p, credited: false, unclear: false };
  const result = await gateway.verify(reference);
  if (result.status === 'NOT_FOUND' || result.status === 'UNKNOWN') {
    return { payment: p, credited: false, unclear: result.status === 'UNKNOWN', detail: result.detail };
  }
  const settled = await settleCardPayment(
    ctx,
    reference,
    result,
    'verify',
    systemContext('card-payment-check'),
  );
  // A credited Paystack payment: its refunds and disputes, each booked once for its amount.
  const money = await checkCardMoney(ctx, settled.payment, result);
  if (money.unclear) return { ...settled, unclear: true, detail: money.unclear };
  return { ...settled, unclear: false, detail: result.detail };
}

const EXPIRY_BATCH = 100;

/**
 * Card payments the payer never completed: each one still PENDING after
 * CARD_PAYMENT_EXPIRY_MINUTES is checked with the gateway first. Paid (or failed, cancelled,
 * reversed) there, it is settled as the gateway says; still pending there (or unknown to it), it
 * EXPIRES: a clear status in the history, nothing credited. An answer that cannot be classified
 * (no answer, an undocumented status) expires nothing: the payment is asked again next time. A gateway that later confirms an expired payment as
 * paid still credits it (settleCardPayment accepts any status but SUCCESSFUL). With no gateway to
 * ask, nothing is expired: a payment is never given up on without asking.
 */
export async function expireAbandonedCardPayments(ctx: AppContext, now = new Date()) {
  const gateway = gatewayOf(ctx);
  const done = { checked: 0, expired: 0, credited: 0 };
  if (!gateway) return done;
  const minutes = ctx.config.CARD_PAYMENT_EXPIRY_MINUTES;
  const stale = await stalePendingCardPayments(
    ctx.db,
    new Date(now.getTime() - minutes * 60_000),
    EXPIRY_BATCH,
  );
  const rc = systemContext('card-payment-expiry');
  for (const p of stale) {
    done.checked++;
    const result = await gateway.verify(p.reference);
    // No classifiable answer: nothing is given up on without a clear word from the gateway.
    if (result.status === 'UNKNOWN') continue;
    if (
      result.status === 'SUCCESSFUL' ||
      result.status === 'FAILED' ||
      result.status === 'CANCELLED' ||
      result.status === 'REVERSED'
    ) {
      const settled = await settleCardPayment(ctx, p.reference, result, 'verify', rc);
      if (settled.credited) done.credited++;
      continue;
    }
    const expired = await ctx.db.transaction(async (tx) => {
      const row = await lockCardPayment(tx, p.reference);
      if (row?.status !== 'PENDING') return false;
      await updateCardPayment(tx, row.id, {
        status: 'EXPIRED',
        statusReason: `Not completed within ${minutes} minutes: the payment expired and nothing was credited`,
      });
      await recordAudit(tx, rc, {
        action: 'funding.card.status',
        targetType: 'card_payment',
        targetId: row.reference,
        corporateId: row.corporateId,
        summary: { via: 'expiry', status: 'EXPIRED', gateway: result.status },
      });
      return true;
    });
    if (expired) done.expired++;
  }
  return done;
}
