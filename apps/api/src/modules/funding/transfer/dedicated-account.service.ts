// Dedicated virtual accounts (issue 33 point 3): a verified client's account number of its own at
// Paystack; a transfer into it funds the wallet at once, without an admin.
//
// When it is created: on demand, by the client, on its wallet screen ("Get my account number",
// POST /fund/dedicated-account), for a client whose business is VERIFIED, by a user holding
// wallet.fund. Idempotent: one account per client. The client's row is claimed and locked FOR UPDATE
// while Paystack is asked (POST /customer, then POST /dedicated_account with PAYSTACK_DVA_BANK), so
// concurrent requests create one account; a Paystack failure rolls the claim back (asking again is
// safe: Paystack answers an existing email with the same customer).
//
// A transfer into it: Paystack sends charge.success with channel dedicated_nuban and the account's
// customer (events.ts). That is only a hint: a job verifies the transaction by reference
// (GET /transaction/verify/:reference) and the verify's answer decides — status success, channel
// dedicated_nuban, NGN, and the customer of a dedicated account of ours. The wallet is credited with
// the verified amount as a funding of kind BANK_TRANSFER_AUTO, exactly once per Paystack transaction:
// the account row is locked FOR UPDATE, auto_transfers.reference is unique, and so is the ledger
// reference `bank-transfer-auto:<reference>`. A transfer that cannot be matched or verified credits
// nothing and leaves an audit entry for an admin (funding.transfer.unmatched).

import { randomUUID } from 'node:crypto';
import { formatNaira, koboToNairaString } from '@vendport/shared';
import { recordAudit } from '../../../infra/audit';
import type { AppContext } from '../../../infra/context';
import type { Db } from '../../../infra/db/client';
import { AppError } from '../../../infra/errors';
import { enqueue } from '../../../infra/queue';
import { callerOf, type RequestContext, systemContext } from '../../../infra/request-context';
import { findUserById } from '../../auth';
import { corporateProfile, corporateSummary } from '../../corporates';
import { systemAccountId, transfer, walletAccountId } from '../../ledger';
import { notifyCorporate } from '../../notifications';
import { recoverCardReceivables } from '../card/card-reversal.service';
import { readableId } from '../codes';
import { paystackVerifyResult } from '../gateway/paystack/answers';
import { paystackApi, paystackEnabled } from '../gateway/paystack/api';
import { envelope } from '../gateway/paystack/client';
import { dedicatedTransferData } from '../gateway/paystack/dedicated';
import { requireActiveCorporate } from '../requests/fund-requests.service';
import {
  claimDedicatedAccount,
  type DedicatedAccountRow,
  findAutoTransfer,
  findDedicatedAccount,
  findDedicatedAccountByCustomer,
  insertAutoTransfer,
  lockDedicatedAccount,
  updateDedicatedAccount,
} from './dedicated-account.repo';

export const DVA_TRANSFER_QUEUE = 'dedicated-transfer-check';

/** Dedicated accounts need Paystack: CARD_GATEWAY=paystack and its secret key. */
export const dedicatedAccountsEnabled = paystackEnabled;

const paystackOf = paystackApi;

const accountOf = (r: DedicatedAccountRow | undefined) =>
  r?.status === 'ACTIVE'
    ? {
        accountNumber: r.accountNumber!,
        accountName: r.accountName ?? '',
        bankName: r.bankName ?? '',
        createdAt: r.createdAt.toISOString(),
      }
    : null;

/**
 * What Paystack needs to open the account (https://paystack.com/docs/payments/dedicated-virtual-accounts/:
 * "create a customer by passing the email, first_name, last_name and phone ... we need the
 * customer's details to create a bank account"): the client's email, and the contact person's first
 * and last name and phone (the client's number, else the person's). What is missing, in words the
 * client can act on; null when all is there.
 */
export async function paystackCustomerDetails(
  ctx: AppContext,
  corp: { email: string; msisdn?: string | null },
  userId: string,
): Promise<
  { details: { email: string; firstName: string; lastName: string; phone: string } } | { missing: string }
> {
  const user = await findUserById(ctx.db, userId);
  const firstName = user?.firstName.trim() ?? '';
  const lastName = user?.lastName.trim() ?? '';
  const phone = (corp.msisdn ?? user?.msisdn ?? '').trim();
  const missing = [
    !firstName && 'your first name',
    !lastName && 'your last name',
    !phone && 'a phone number',
  ].filter(Boolean);
  if (missing.length)
    return {
      missing: `Add ${missing.join(' and ')} to your profile to get an account number of your own.`,
    };
  return { details: { email: corp.email, firstName, lastName, phone } };
}

/** What the wallet screen shows: the account, or whether the client may get one (and why not). */
export async function myDedicatedAccount(ctx: AppContext, corporateId: string) {
  const account = accountOf(await findDedicatedAccount(ctx.db, corporateId));
  if (account) return { enabled: true, available: true, account, reason: null };
  if (!dedicatedAccountsEnabled(ctx))
    return {
      enabled: false,
      available: false,
      account: null,
      reason: 'Automatic bank transfers are not available at the moment.',
    };
  const profile = await corporateProfile(ctx.db, corporateId);
  if (profile?.verificationStatus !== 'VERIFIED')
    return {
      enabled: true,
      available: false,
      account: null,
      reason: 'Verify your business to get an account number of your own.',
    };
  return { enabled: true, available: true, account: null, reason: null };
}

/** "Get my account number": the client's account, created at Paystack the first time (once). */
export async function requestDedicatedAccount(ctx: AppContext, rc: RequestContext) {
  const actor = callerOf(rc);
  const corporateId = actor.corporateId!;
  if (!dedicatedAccountsEnabled(ctx))
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      400,
      'Automatic bank transfers are not available at the moment. Please fund by bank transfer or card.',
    );
  const corp = await requireActiveCorporate(ctx.db, corporateId);
  const profile = await corporateProfile(ctx.db, corporateId);
  if (profile?.verificationStatus !== 'VERIFIED')
    throw new AppError('FORBIDDEN', 403, 'Verify your business to get an account number of your own.');
  const existing = accountOf(await findDedicatedAccount(ctx.db, corporateId));
  if (existing) return { account: existing, created: false };

  const who = await paystackCustomerDetails(ctx, corp, actor.userId);
  if ('missing' in who) throw new AppError('VALIDATION_ERROR', 400, who.missing);
  const paystack = paystackOf(ctx);
  return ctx.db.transaction(async (tx) => {
    const row = await claimDedicatedAccount(tx, corporateId, actor.userId);
    const already = accountOf(row);
    if (already) return { account: already, created: false };
    const unavailable = (detail: string) => {
      ctx.log.error({ corporateId, detail }, 'Paystack dedicated account not created');
      return new AppError(
        'SERVICE_UNAVAILABLE',
        400,
        'Your account number could not be created at the moment. Please try again later.',
      );
    };
    let customerCode = row.customerCode;
    if (!customerCode) {
      const customer = await paystack.createCustomer({ ...who.details, metadata: { corporateId } });
      if (!customer.ok) throw unavailable(`customer: ${customer.detail}`);
      customerCode = customer.data.customer_code;
    }
    // The details again: Paystack completes with them a customer it already had without them.
    const dva = await paystack.createDedicatedAccount(
      customerCode,
      ctx.config.PAYSTACK_DVA_BANK,
      who.details,
    );
    if (!dva.ok) throw unavailable(`dedicated_account: ${dva.detail}`);
    const saved = await updateDedicatedAccount(tx, row.id, {
      status: 'ACTIVE',
      customerCode,
      accountNumber: dva.data.account_number,
      accountName: dva.data.account_name,
      bankName: dva.data.bank.name,
      bankSlug: dva.data.bank.slug ?? ctx.config.PAYSTACK_DVA_BANK,
      providerAccountId: String(dva.data.id),
    });
    await recordAudit(tx, rc, {
      action: 'funding.dedicated_account.create',
      targetType: 'dedicated_account',
      targetId: saved.accountNumber!,
      summary: { bank: saved.bankName, customerCode },
    });
    return { account: accountOf(saved)!, created: true };
  });
}

async function unmatched(
  ctx: AppContext,
  reference: string,
  why: string,
  extra: Record<string, unknown> = {},
) {
  ctx.log.error({ reference, why, ...extra }, 'Paystack transfer not credited');
  await recordAudit(ctx.db, systemContext('paystack-transfer'), {
    action: 'funding.transfer.unmatched',
    targetType: 'paystack_transaction',
    targetId: reference,
    summary: { why, ...extra },
  });
}

/**
 * A webhook's hint of a transfer into a dedicated account: one check waits per Paystack reference.
 * Null (and an audit entry) when no dedicated account of ours has that customer; false when the
 * transfer was credited already or a check is waiting.
 */
export async function queueDedicatedTransferCheck(
  ctx: AppContext,
  reference: string,
  customerCode: string,
): Promise<boolean | null> {
  if (!(await findDedicatedAccountByCustomer(ctx.db, customerCode))) {
    await unmatched(ctx, reference, 'no dedicated account has this Paystack customer', { customerCode });
    return null;
  }
  if (await findAutoTransfer(ctx.db, reference)) return false;
  const jobId = await enqueue(
    ctx.db,
    DVA_TRANSFER_QUEUE,
    { reference },
    { dedupeKey: `${DVA_TRANSFER_QUEUE}:${reference}`, maxAttempts: 8 },
  );
  return jobId !== null;
}

const STILL_PENDING = new Set(['ongoing', 'pending', 'processing', 'queued']);

/**
 * The check: verify at Paystack, then credit what the verify says. `retry` when Paystack's answer
 * says nothing yet (no answer, 5xx, still pending): the job asks again.
 */
export async function checkDedicatedTransfer(
  ctx: AppContext,
  reference: string,
): Promise<{ credited: boolean; retry?: string; why?: string }> {
  const answer = await paystackOf(ctx).verify(reference);
  const env = 'body' in answer ? envelope.safeParse(answer.body) : null;
  const data = env?.success && env.data.status ? dedicatedTransferData.safeParse(env.data.data) : null;
  if (!data?.success) {
    const mapped = paystackVerifyResult(answer, reference);
    if (mapped.status === 'NOT_FOUND') {
      await unmatched(ctx, reference, 'Paystack does not know this transaction');
      return { credited: false, why: 'not found at Paystack' };
    }
    return { credited: false, retry: mapped.detail ?? 'Paystack answer unclear' };
  }
  const t = data.data;
  if (t.reference !== reference) return { credited: false, retry: `answer about ${t.reference}` };
  if (STILL_PENDING.has(t.status)) return { credited: false, retry: `still ${t.status} at Paystack` };
  const customerCode = t.customer?.customer_code ?? null;
  const why =
    t.status !== 'success'
      ? `status ${t.status} at Paystack`
      : t.channel !== 'dedicated_nuban'
        ? `channel ${t.channel ?? 'none'}, not a transfer into a dedicated account`
        : t.currency !== 'NGN'
          ? `currency ${t.currency}`
          : t.amount <= 0
            ? `amount ${t.amount}`
            : null;
  if (why) {
    await unmatched(ctx, reference, why, { customerCode });
    return { credited: false, why };
  }
  const account = customerCode ? await findDedicatedAccountByCustomer(ctx.db, customerCode) : undefined;
  if (!account) {
    await unmatched(ctx, reference, 'no dedicated account has this Paystack customer', { customerCode });
    return { credited: false, why: 'unknown customer' };
  }
  const paidAt = t.paid_at ? new Date(t.paid_at) : null;
  const sender =
    [t.authorization?.sender_name, t.authorization?.sender_bank].filter(Boolean).join(', ') || null;
  const credited = await ctx.db.transaction((tx) =>
    creditDedicatedTransfer(ctx, tx, account.id, {
      reference,
      amountKobo: t.amount,
      providerTransactionId: String(t.id),
      paidAt: paidAt && !Number.isNaN(paidAt.getTime()) ? paidAt : new Date(),
      sender,
    }),
  );
  return { credited };
}

async function creditDedicatedTransfer(
  ctx: AppContext,
  tx: Db,
  accountId: string,
  t: {
    reference: string;
    amountKobo: number;
    providerTransactionId: string;
    paidAt: Date;
    sender: string | null;
  },
): Promise<boolean> {
  const account = await lockDedicatedAccount(tx, accountId);
  if (!account) return false;
  if (await findAutoTransfer(tx, t.reference)) return false;
  const id = randomUUID();
  const code = readableId('BT');
  const wallet = await walletAccountId(tx, account.corporateId);
  const credit = await transfer(tx, {
    kind: 'BANK_TRANSFER_AUTO',
    reference: `bank-transfer-auto:${t.reference}`,
    description: `Bank transfer to ${account.accountNumber} ${code}`,
    corporateId: account.corporateId,
    source: { type: 'auto_transfer', id },
    actorId: null,
    metadata: { paystackReference: t.reference, accountNumber: account.accountNumber, sender: t.sender },
    entries: [
      { accountId: await systemAccountId(tx, 'GATEWAY_CLEARING'), amountKobo: -t.amountKobo },
      { accountId: wallet, amountKobo: t.amountKobo },
    ],
  });
  if (!credit.created) return false;
  const row = await insertAutoTransfer(tx, {
    id,
    code,
    reference: t.reference,
    corporateId: account.corporateId,
    dedicatedAccountId: account.id,
    providerTransactionId: t.providerTransactionId,
    amountKobo: t.amountKobo,
    sender: t.sender,
    paidAt: t.paidAt,
    transferId: credit.transfer.id,
  });
  // What a reversed card payment left owing comes out of this credit first (as for every credit).
  const recovered = await recoverCardReceivables(
    tx,
    account.corporateId,
    credit.transfer.id,
    systemContext('paystack-transfer'),
  );
  const balance = credit.entries.find((e) => e.accountId === wallet)!.balanceAfterKobo - recovered;
  const body = `Your wallet was funded with ${formatNaira(t.amountKobo)} by bank transfer to your account ${account.accountNumber} (${row.code}). New balance: ${formatNaira(balance)}.`;
  await notifyCorporate(tx, account.corporateId, 'Wallet funded by bank transfer', body);
  const corp = await corporateSummary(tx, account.corporateId);
  if (corp)
    await ctx.mailer.send(tx, { to: corp.email, subject: 'Wallet funded by bank transfer', text: body });
  await recordAudit(tx, systemContext('paystack-transfer'), {
    action: 'funding.transfer.credit',
    targetType: 'auto_transfer',
    targetId: row.code,
    corporateId: account.corporateId,
    summary: {
      amount: koboToNairaString(t.amountKobo),
      paystackReference: t.reference,
      accountNumber: account.accountNumber,
      transferId: credit.transfer.id,
    },
  });
  return true;
}
