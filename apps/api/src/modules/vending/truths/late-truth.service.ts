// A late truth (issue 49 point 3): the provider's word about a vend we have already made final.
// Nothing about the vend or its money changes here: where the word contradicts ours (delivered
// after we refunded it; refunded, reversed or failed after we settled it SUCCESSFUL), the vend
// gets one discrepancy holding both versions and the admins are alerted. An admin resolves it
// (resolve.service.ts). However often the same news arrives, the discrepancy's key keeps it one.
import { DISCREPANCY_KIND_LABELS, type DiscrepancyKindName, formatNaira } from '@vendport/shared';
import type { AppContext } from '../../../infra/context';
import { notifyAdmins } from '../../notifications';
import { callProvider, type ProviderAnswer, parseStep, providerOfStep } from '../../providers';
import { requestOf } from '../lifecycle/deliver.service';
import { attemptAt } from '../lifecycle/vend-attempts.repo';
import { recordVendEvents } from '../lifecycle/vend-events.repo';
import type { VendRow } from '../records/vends.repo';
import { type DiscrepancyRow, insertDiscrepancy, type NewDiscrepancy } from './discrepancies.repo';

export type TruthSource = 'REQUERY' | 'CALLBACK' | 'MANUAL_REQUERY' | 'RECONCILIATION';
export type DiscrepancyKind = DiscrepancyKindName;
const KIND_LABELS = DISCREPANCY_KIND_LABELS;

/**
 * What a provider's status means against a final vend of ours: the kind of contradiction, or null
 * when it agrees or says nothing definite. A provider's NOT_FOUND about a settled vend is left to
 * the reconciliation (its report says what the day held); an unknown answer says nothing.
 */
export function contradictionOf(
  ourStatus: string,
  outcome: ProviderAnswer['outcome'],
): DiscrepancyKind | null {
  const refunded = ourStatus === 'FAILED' || ourStatus === 'REVERSED';
  if (refunded && outcome === 'SUCCESS') return 'DELIVERED_AFTER_REFUND';
  if (ourStatus === 'SUCCESSFUL' && (outcome === 'REVERSED' || outcome === 'FAILED'))
    return 'REFUNDED_AFTER_SUCCESS';
  return null;
}

/** The one key of a vend's discrepancy of a kind (whichever source reports it first). */
export const vendDiscrepancyKey = (vendId: string, kind: DiscrepancyKind) => `vend:${vendId}:${kind}`;

/** Records the discrepancy once and alerts the admins who can resolve it; null when it existed. */
export async function raiseDiscrepancy(ctx: AppContext, d: NewDiscrepancy): Promise<DiscrepancyRow | null> {
  return ctx.db.transaction(async (tx) => {
    const row = await insertDiscrepancy(tx, d);
    if (!row) return null;
    const what = KIND_LABELS[row.kind as DiscrepancyKind];
    const amount = row.ourAmountKobo ?? row.providerAmountKobo;
    await notifyAdmins(
      tx,
      'vending.manage',
      `Provider discrepancy: ${what}`,
      `${row.provider} says ${row.providerStatus}${row.ourStatus ? ` where our books say ${row.ourStatus}` : ''}${
        amount !== null ? ` (${formatNaira(amount)})` : ''
      }${row.providerReference ? `, reference ${row.providerReference}` : ''}. Open the review queue to resolve it.`,
      'vend.discrepancy',
    );
    return row;
  });
}

/** The provider's status in its own words, from an answer (REFUNDED, SUCCESSFUL, ...). */
const providerStatusOf = (a: ProviderAnswer) =>
  a.outcome === 'SUCCESS' ? 'SUCCESSFUL' : a.outcome === 'REVERSED' ? 'REFUNDED' : a.outcome;

/** Compares a provider's answer with a final vend and raises the discrepancy it shows, if any. */
export async function weighAnswer(
  ctx: AppContext,
  v: VendRow,
  answer: ProviderAnswer,
  source: TruthSource,
  reconciliationId: string | null = null,
): Promise<{ kind: DiscrepancyKind | null; raised: DiscrepancyRow | null }> {
  const kind = v.mode === 'LIVE' ? contradictionOf(v.status, answer.outcome) : null;
  if (!kind) return { kind: null, raised: null };
  const raised = await raiseDiscrepancy(ctx, {
    key: vendDiscrepancyKey(v.id, kind),
    kind,
    source,
    provider: parseStep(v.routes[v.routeIndex] ?? v.provider).provider,
    vendId: v.id,
    corporateId: v.corporateId,
    reconciliationId,
    ourStatus: v.status,
    ourAmountKobo: v.amountKobo,
    providerStatus: providerStatusOf(answer),
    providerAmountKobo: null,
    providerReference: answer.providerReference ?? v.providerReference,
    providerMessage: answer.message.slice(0, 500),
    providerRaw: answer.raw ?? null,
  });
  return { kind, raised };
}

/**
 * Asks the provider holding a final vend (by the attempt's own request id, as a requery does)
 * and weighs its answer. The vend and its attempt stay as they are: only a discrepancy records
 * the provider's version. The check is on the timeline for support, hidden from the client.
 */
export async function askAboutFinal(
  ctx: AppContext,
  v: VendRow,
  source: TruthSource,
  actorId: string | null = null,
): Promise<{ answer: ProviderAnswer; kind: DiscrepancyKind | null; raised: DiscrepancyRow | null }> {
  const attempt = await attemptAt(ctx.db, v.id, v.routeIndex);
  const answer = await callProvider(
    async (signal) =>
      providerOfStep(ctx, v.routes[v.routeIndex]).query({ ...(await requestOf(ctx, v, attempt)), signal }),
    ctx.config.PROVIDER_TIMEOUT_MS,
  );
  const weighed = await weighAnswer(ctx, v, answer, source);
  await recordVendEvents(ctx.db, [
    {
      vendId: v.id,
      type: 'PROVIDER_CHECK',
      status: v.status,
      provider: v.routes[v.routeIndex] ?? v.provider,
      outcome: answer.outcome,
      message: weighed.kind
        ? `${answer.message} — contradicts ${v.status}: ${KIND_LABELS[weighed.kind]}`
        : answer.message,
      data: weighed.raised ? { discrepancyId: weighed.raised.id } : {},
      actorId,
      at: new Date(),
    },
  ]);
  return { answer, ...weighed };
}
