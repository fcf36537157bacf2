// Paying a bill (issue 51): a vend of kind ELECTRICITY or TV on the one lifecycle (place -> deliver
// -> settle -> requery -> reversal), with the bill's facts written under the vend's id by the one
// statement that records the vend and debits the wallet (vend-debits.ts). The payment carries the verification it was confirmed on: reused while it is
// fresh (10 minutes), made again after; a failed verification debits nothing.
import { createHash } from 'node:crypto';
import {
  billerOf,
  formatNaira,
  type MeterType,
  type Network,
  type TvSubscriptionType,
} from '@vendport/shared';
import type { AppContext } from '../../../infra/context';
import { AppError, badRequest, notFound } from '../../../infra/errors';
import { bouquetForPay, type ServiceRow } from '../../catalogue';
import {
  executeVend,
  type Prepared,
  prepareVend,
  type Resolved,
  replay,
  resolveVend,
  type VendCaller,
  type VendOptions,
  type VendResult,
  vendMode,
} from '../lifecycle/place-vend.service';
import { findVendByReference, type VendClient, vendClient } from '../records/vends.repo';
import { findVendBill, findVerification, type VendBillRow, type VerificationRow } from './bills.repo';
import { billClientCheck, verifyWith } from './verify.service';

export interface BillPayInput {
  reference?: string;
  biller: string;
  customerNumber: string;
  verificationId?: string;
  meterType?: MeterType;
  amount?: number;
  subscriptionType?: TvSubscriptionType;
  bouquetCode?: string;
  phone: string;
  email?: string;
}

export interface BillResult extends VendResult {
  bill: VendBillRow;
}

/** What makes two payments the same request (not the verification, not the receipt's email). */
export function billRequestHash(x: BillPayInput): string {
  const canonical = JSON.stringify([
    'BILL',
    x.biller,
    x.customerNumber,
    x.meterType ?? null,
    x.amount ?? null,
    x.subscriptionType ?? null,
    x.bouquetCode?.toLowerCase() ?? null,
    x.phone,
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

/** The verification the payment stands on: the one given while fresh, or a new one. */
async function verificationFor(
  ctx: AppContext,
  corporateId: string,
  mode: 'LIVE' | 'TEST',
  service: ServiceRow,
  input: BillPayInput,
): Promise<VerificationRow> {
  if (input.verificationId) {
    const v = await findVerification(ctx.db, input.verificationId, corporateId);
    if (!v) throw notFound('Verification');
    if (
      v.billerCode !== input.biller ||
      v.customerNumber !== input.customerNumber ||
      v.mode !== mode ||
      (v.meterType ?? null) !== (service.serviceType === 'ELECTRICITY' ? (input.meterType ?? null) : null)
    )
      throw badRequest(
        `The verification ${v.id} is for ${v.billerCode} ${v.customerNumber}${v.meterType ? ` (${v.meterType})` : ''}, not for this payment`,
      );
    if (v.expiresAt.getTime() > Date.now()) return v;
  }
  return verifyWith(ctx, corporateId, mode, service, {
    biller: input.biller,
    customerNumber: input.customerNumber,
    meterType: input.meterType,
  });
}

/** The amount a TV payment costs and what it buys, from the verification or the bouquet list. */
async function tvPurchase(ctx: AppContext, input: BillPayInput, v: VerificationRow) {
  const name = billerOf(input.biller)?.name ?? input.biller;
  if (input.subscriptionType === 'RENEW') {
    if (v.renewalAmountKobo === null || v.renewalAmountKobo <= 0)
      throw new AppError(
        'VERIFICATION_FAILED',
        422,
        `${name} gave no renewal amount for ${input.customerNumber}: choose a bouquet (CHANGE) instead`,
      );
    return { amountKobo: v.renewalAmountKobo, code: v.currentBouquetCode, name: v.currentBouquet };
  }
  const b = await bouquetForPay(ctx.db, input.biller, input.bouquetCode ?? '');
  return { amountKobo: b.priceKobo, code: b.code, name: b.name };
}

async function withBill(ctx: AppContext, res: VendResult): Promise<BillResult> {
  const bill = await findVendBill(ctx.db, res.vend.id);
  if (!bill)
    throw new AppError(
      'IDEMPOTENCY_CONFLICT',
      409,
      `The reference ${res.vend.reference} was already used for a different request`,
    );
  return { ...res, bill };
}

/**
 * What a payment costs and buys, from the verification it stands on: the vend to place (resolved
 * by the caller: limits, commission, route) and, for TV, the bouquet. Electricity below the
 * provider's stated minimum for the meter is a 400.
 */
export async function prepareBill(
  ctx: AppContext,
  caller: VendCaller,
  found: VendClient,
  service: ServiceRow,
  input: BillPayInput,
  verification: VerificationRow,
  hash = billRequestHash(input),
): Promise<{ p: Prepared; bouquet: { code: string | null; name: string | null } }> {
  let amountKobo: number;
  let bouquet: { code: string | null; name: string | null } = { code: null, name: null };
  if (service.serviceType === 'TV') {
    const tv = await tvPurchase(ctx, input, verification);
    amountKobo = tv.amountKobo;
    bouquet = tv;
  } else {
    amountKobo = input.amount!;
    if (verification.minimumAmountKobo && amountKobo > 0 && amountKobo < verification.minimumAmountKobo)
      throw new AppError(
        'VALIDATION_ERROR',
        400,
        `The least ${billerOf(input.biller)?.name ?? input.biller} sells to meter ${input.customerNumber} is ${formatNaira(verification.minimumAmountKobo)}`,
      );
  }
  // A vend like any other (prepareVend: its mode and reference), under the bill's own request hash.
  const base = prepareVend(
    caller,
    {
      reference: input.reference,
      phone: input.customerNumber,
      network: input.biller as Network,
      type: service.serviceType as 'ELECTRICITY' | 'TV',
      amount: amountKobo,
    },
    found.corp,
  );
  const p: Prepared = { ...base, hash };
  return { p, bouquet };
}

/** A bill payment checked and priced, short of paying: what a payment (and an auto top-up
 * subscriber, when it is added) is refused on. */
export interface PricedBill {
  resolved: Resolved;
  verification: VerificationRow;
  bouquet: { code: string | null; name: string | null };
}

/**
 * Checks and prices a bill payment: the biller assigned to the client and enabled, the verification
 * (the one given while fresh, else a new one: a number the provider rejects is a 422), the bouquet
 * or the renewal amount (TV), the provider's minimum (electricity) and the biller's limits.
 * Nothing is written but the verification. `reference`: the payment's, when the caller has one.
 */
export async function priceBill(
  ctx: AppContext,
  caller: VendCaller,
  found: VendClient,
  input: BillPayInput,
  reference = input.reference,
): Promise<PricedBill> {
  const mode = vendMode(caller.keyMode, found.corp);
  const service = billClientCheck(found, input.biller);
  const verification = await verificationFor(ctx, found.corp.id, mode, service, input);
  const { p, bouquet } = await prepareBill(
    ctx,
    caller,
    found,
    service,
    { ...input, reference },
    verification,
  );
  return { resolved: await resolveVend(ctx, p, found.services), verification, bouquet };
}

export async function payBill(
  ctx: AppContext,
  caller: VendCaller,
  input: BillPayInput,
  client?: VendClient,
  opts: VendOptions = {},
): Promise<BillResult> {
  const found = client ?? (await vendClient(ctx.db, caller.corporateId));
  if (!found || found.corp.id !== caller.corporateId) throw notFound('Corporate client');
  const mode = vendMode(caller.keyMode, found.corp);
  const hash = billRequestHash(input);
  // A retry of a payment made already is answered with it, whatever has changed since; no new
  // verification is asked for it.
  if (input.reference) {
    const existing = await findVendByReference(ctx.db, found.corp.id, mode, input.reference);
    if (existing) return withBill(ctx, await replay(ctx, existing, hash, opts));
  }
  return placeBill(ctx, await priceBill(ctx, caller, found, input), input, opts);
}

/**
 * Pays a bill already checked and priced (priceBill, or a bulk file's check of the same request):
 * the vend on the one lifecycle, its bill row written by the statement that records it.
 */
export async function placeBill(
  ctx: AppContext,
  priced: PricedBill,
  input: BillPayInput,
  opts: VendOptions = {},
): Promise<BillResult> {
  const { resolved, verification, bouquet } = priced;
  const kind = resolved.service.serviceType;
  // The bill's facts are written by the statement that records the vend and debits the wallet:
  // together or not at all; a replay of the reference writes neither.
  const bill = {
    billerCode: input.biller,
    customerNumber: input.customerNumber,
    meterType: kind === 'ELECTRICITY' ? (input.meterType ?? null) : null,
    subscriptionType: kind === 'TV' ? (input.subscriptionType ?? null) : null,
    bouquetCode: bouquet.code,
    bouquetName: bouquet.name,
    customerName: verification.customerName,
    customerAddress: verification.address,
    phone: input.phone,
    email: input.email ?? null,
    verificationId: verification.id,
  };
  return withBill(ctx, await executeVend(ctx, { ...resolved, plan: null, bill }, opts));
}
