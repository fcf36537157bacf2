// Bulk vending from a CSV: every row is validated and resolved (number, network, service, plan,
// bounds, duplicate references, and the total against the balance) before anything is charged;
// one bad row refuses the whole file. Then each row is vended like any other vend, and the
// answer lists every row's result.
import { portalVendBody, readBulkCsv, type VendView } from '@vendport/shared';
import type { AppContext } from '../../../infra/context';
import { readableCode } from '../../../infra/crypto';
import { AppError, badRequest, invalidRows, notFound } from '../../../infra/errors';
import { mapLimit } from '../../../infra/map-limit';
import { callerOf, corporateOfCaller, type RequestContext } from '../../../infra/request-context';
import {
  executeVend,
  prepareVend,
  resolveVend,
  type VendCaller,
  type VendInput,
  vend,
} from '../lifecycle/place-vend.service';
import { clientFailureReason, vendOut } from '../records/vend-reads.service';
import { findVendByReference, vendClient } from '../records/vends.repo';
import {
  auditBulk,
  availableToSpend,
  bulkCounts,
  ROWS_AT_ONCE,
  referenceTracker,
  refuseShortfall,
  rowReference,
} from './bulk-file';

export interface BulkRowResult {
  row: number;
  reference: string;
  phone: string | null;
  ok: boolean;
  code: string | null;
  message: string;
  vend: VendView | null;
}

/** A bulk vend by the signed-in client user, written to the audit trail with its counts. */
export async function bulkVend(ctx: AppContext, rc: RequestContext, csv: string, batchReference?: string) {
  const me = callerOf(rc);
  const caller: VendCaller = { corporateId: corporateOfCaller(rc), channel: 'BULK', userId: me.userId };
  const file = readBulkCsv(csv);
  if ('error' in file) throw badRequest(file.error);
  const body = file.rows;

  // The client's terms and services, read once for the whole file.
  const client = await vendClient(ctx.db, caller.corporateId);
  if (!client) throw notFound('Corporate client');
  const batch = batchReference ?? readableCode('BLK', 10);
  const errors: string[] = [];
  const repeated = referenceTracker();
  const planned: Array<{
    row: number;
    reference: string;
    input: VendInput;
    charge: number;
    replay: boolean;
  }> = [];

  for (let i = 0; i < body.length; i++) {
    const rowNo = i + 1;
    const raw = body[i];
    const reference = rowReference(raw.reference, batch, rowNo);
    const parsed = portalVendBody.safeParse({
      reference,
      phone: raw.phone ?? '',
      network: raw.network?.toUpperCase(),
      type: raw.type?.toUpperCase(),
      amount: raw.amount,
      planCode: raw.planCode,
    });
    if (!parsed.success) {
      errors.push(`Row ${rowNo}: ${parsed.error.issues.map((x) => x.message).join('; ')}`);
      continue;
    }
    const twice = repeated(reference, rowNo);
    if (twice) {
      errors.push(`Row ${rowNo}: ${twice}`);
      continue;
    }
    const input: VendInput = { ...parsed.data, reference };
    try {
      const p = prepareVend(caller, input, client.corp);
      const existing = await findVendByReference(ctx.db, p.corp.id, p.mode, p.reference);
      if (existing) {
        if (existing.requestHash !== p.hash)
          throw new AppError(
            'IDEMPOTENCY_CONFLICT',
            409,
            `The reference ${reference} was already used for a different vend`,
          );
        planned.push({ row: rowNo, reference, input, charge: 0, replay: true });
        continue;
      }
      const r = await resolveVend(ctx, p, client.services);
      planned.push({ row: rowNo, reference, input, charge: r.chargeKobo, replay: false });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      errors.push(`Row ${rowNo}: ${err.message}`);
    }
  }
  if (errors.length) throw invalidRows(errors, 'nothing was charged');

  const total = planned.reduce((s, p) => s + p.charge, 0);
  refuseShortfall(total, await availableToSpend(ctx, caller, client.corp));

  const rows = await mapLimit(planned, ROWS_AT_ONCE, async (p): Promise<BulkRowResult> => {
    try {
      const res = p.replay
        ? await vend(ctx, caller, p.input, client)
        : await executeVend(
            ctx,
            await resolveVend(ctx, prepareVend(caller, p.input, client.corp), client.services),
          );
      const v = res.vend;
      return {
        row: p.row,
        reference: p.reference,
        phone: v.msisdn,
        ok: v.status === 'SUCCESSFUL' || v.status === 'PENDING',
        code: null,
        message: res.replay
          ? `Already vended earlier (${v.code})`
          : v.status === 'FAILED'
            ? `Failed: ${clientFailureReason(v)}; refunded`
            : v.status === 'PENDING'
              ? 'Waiting for the network to confirm'
              : 'Delivered',
        vend: vendOut(v),
      };
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      return {
        row: p.row,
        reference: p.reference,
        phone: p.input.phone,
        ok: false,
        code: err.code,
        message: err.message,
        vend: null,
      };
    }
  });
  const result = {
    rows,
    ...bulkCounts(rows.map((r) => ({ ok: r.ok, status: r.vend?.status ?? null }))),
  };
  await auditBulk(ctx, rc, 'vend.bulk', result);
  return result;
}
