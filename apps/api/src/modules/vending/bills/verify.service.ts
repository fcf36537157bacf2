// Verifying a customer number before paying (issue 51): the provider's merchant-verify through the
// biller's route (VTpass, or the simulator in test mode and development), recorded so the payment
// carries the verification it was confirmed on. A number the provider rejects is a 422 that names
// the number and the biller; nothing is ever debited here.
import { BILL_VERIFICATION_TTL_MS, type BillKind, billerOf, type MeterType } from '@vendport/shared';
import type { AppContext } from '../../../infra/context';
import { AppError, notFound } from '../../../infra/errors';
import type { ServiceRow } from '../../catalogue';
import { billerForClient } from '../../catalogue';
import { type BillVerifyAnswer, breakerSkips, parseStep, providerOfStep, routeSteps } from '../../providers';
import { assertClientActive, sellsBills, type VendCaller, vendMode } from '../lifecycle/place-vend.service';
import { type VendClient, vendClient } from '../records/vends.repo';
import { freshVerification, insertVerification, type VerificationRow } from './bills.repo';

export interface BillVerifyInput {
  biller: string;
  customerNumber: string;
  meterType?: MeterType;
}

/** The client may act on bills: active, and the biller assigned (403 otherwise). */
export function billClientCheck(found: VendClient, biller: string): ServiceRow {
  assertClientActive(found.corp);
  return billerForClient(found.services, biller);
}

const verificationFailed = (input: BillVerifyInput, why: string) => {
  const info = billerOf(input.biller);
  const label = (info?.customerNumberLabel ?? 'Customer number').toLowerCase();
  return new AppError(
    'VERIFICATION_FAILED',
    422,
    `We could not verify ${label} ${input.customerNumber} with ${info?.name ?? input.biller}: ${why}. Check the number${info?.kind === 'ELECTRICITY' ? ' and the meter type' : ''}; nothing was charged.`,
  );
};

async function askProvider(ctx: AppContext, step: string, input: BillVerifyInput): Promise<BillVerifyAnswer> {
  const info = billerOf(input.biller)!;
  let provider: ReturnType<typeof providerOfStep>;
  try {
    provider = providerOfStep(ctx, step);
  } catch {
    return { outcome: 'UNAVAILABLE', message: `${step} is not configured` };
  }
  if (!provider.verifyBill) return { outcome: 'UNAVAILABLE', message: `${step} does not verify bills` };
  const deadline = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<BillVerifyAnswer>((resolve) => {
    timer = setTimeout(() => {
      deadline.abort();
      resolve({ outcome: 'UNAVAILABLE', message: 'The provider did not answer in time' });
    }, ctx.config.PROVIDER_TIMEOUT_MS);
  });
  try {
    return await Promise.race([
      provider.verifyBill({
        billerCode: info.code,
        kind: info.kind,
        serviceId: info.vtpassServiceId,
        customerNumber: input.customerNumber,
        meterType: input.meterType ?? null,
        signal: deadline.signal,
      }),
      timeout,
    ]);
  } catch (err) {
    return {
      outcome: 'UNAVAILABLE',
      message: err instanceof Error ? err.message.slice(0, 200) : 'no answer',
    };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Verifies with the biller's providers in route order and records the verification. With `reuse`,
 * the client's verification of the same number while it is still fresh (the 10 minutes a payment
 * reuses one for) is answered instead: a bulk file checked and then paid asks the provider once.
 */
export async function verifyWith(
  ctx: AppContext,
  corporateId: string,
  mode: 'LIVE' | 'TEST',
  service: ServiceRow,
  input: BillVerifyInput,
  opts: { reuse?: boolean } = {},
): Promise<VerificationRow> {
  const info = billerOf(input.biller);
  if (!info) throw notFound('Biller');
  const now = new Date();
  const base = {
    corporateId,
    mode,
    billerCode: info.code,
    kind: info.kind as BillKind,
    customerNumber: input.customerNumber,
    meterType: info.kind === 'ELECTRICITY' ? (input.meterType ?? null) : null,
    verifiedAt: now,
    expiresAt: new Date(now.getTime() + BILL_VERIFICATION_TTL_MS),
  };
  const recent = opts.reuse ? await freshVerification(ctx.db, base, now) : null;
  if (recent) return recent;
  if (!info.providerVerifies) {
    // Showmax: VTpass documents no merchant-verify; the number is its customer's phone number.
    if (!/^0[789][01]\d{8}$/.test(input.customerNumber))
      throw verificationFailed(input, 'it is not a Nigerian phone number (e.g. 08011111111)');
    return insertVerification(ctx.db, { ...base, raw: null });
  }
  const steps = (await routeSteps(ctx, mode, [service.platform, ...service.fallbackPlatforms])).filter(
    sellsBills,
  );
  let last = 'no provider sells bills on this server';
  for (const step of steps) {
    // A provider the breaker has taken out of the route (an outage, an admin's forced open) is not
    // asked to verify either, as it is not sent the payment (chooseRoute): the payment that
    // would follow could not go to it.
    if (await breakerSkips(ctx, parseStep(step).provider)) {
      last = `${parseStep(step).provider} is out of the route (provider health)`;
      continue;
    }
    const a = await askProvider(ctx, step, input);
    if (a.outcome === 'REJECTED') throw verificationFailed(input, a.message.toLowerCase());
    if (a.outcome === 'UNAVAILABLE') {
      last = a.message;
      continue;
    }
    return insertVerification(ctx.db, {
      ...base,
      customerName: a.customerName,
      address: a.address,
      currentBouquet: a.currentBouquet,
      currentBouquetCode: a.currentBouquetCode,
      renewalAmountKobo: a.renewalAmountKobo,
      dueDate: a.dueDate,
      minimumAmountKobo: a.minimumAmountKobo,
      raw: a.raw ?? null,
    });
  }
  ctx.log.warn({ biller: info.code, reason: last }, 'bill verification unavailable');
  throw new AppError(
    'SERVICE_UNAVAILABLE',
    503,
    `${info.name} could not be reached to verify ${input.customerNumber} right now. Try again shortly; nothing was charged.`,
  );
}

/** The client's verification of a customer number (portal and API). */
export async function verifyBill(
  ctx: AppContext,
  caller: VendCaller,
  input: BillVerifyInput,
  client?: VendClient,
): Promise<VerificationRow> {
  const found = client ?? (await vendClient(ctx.db, caller.corporateId));
  if (!found || found.corp.id !== caller.corporateId) throw notFound('Corporate client');
  const service = billClientCheck(found, input.biller);
  return verifyWith(ctx, found.corp.id, vendMode(caller.keyMode, found.corp), service, input);
}
