// Low-balance alerts. A client's wallet (threshold: its own, else the platform default) and each
// VTU line's float (threshold: the platform's) are checked after money leaves them; when the
// balance is under the threshold and its users were not told since it last stood at or above
// it, they are told once (event balance.low: the client's users, or the admins who manage VTU
// lines). The state is a row per balance in balance_alerts, locked while deciding, so two checks
// at once never both alert.
//
// Why after the commit and not inside the vend: the vend's debit holds the wallet row locked and
// is batched with other vends (group commit); reading a threshold and writing alert state there
// would lengthen every vend's lock. Instead the vend asks for a check (queueWalletCheck) once its
// debit has committed; checks of one balance requested while one waits are merged, so a burst of
// vends on one wallet costs a check or two, not one per vend, and no vend waits for it.
//
// "Back above" is read from the ledger: a wallet alerted at T is alerted again only if one of its
// entries after T left it at or above the threshold (a credit, a refund), so the re-arming needs
// no hook in every place money comes in. A VTU line's float is derived from its fundings and
// vends; funding a line re-arms it (checkVtuLine after fundLine).
import { formatNaira } from '@vendport/shared';
import type { AppContext } from '../../infra/context';
import type { Db } from '../../infra/db/client';
import { accountBalance, accountIdsOf, reachedSince } from '../ledger';
import { notifyAdmins, notifyCorporate } from '../notifications';
import { platformSettings } from '../platform';
import { lowBalanceThresholdOf } from '../reconciliation';
import { findLineOrThrow } from '../vtu';
import * as repo from './balance-alerts.repo';

export const walletSubject = (corporateId: string) => `WALLET:${corporateId}`;
export const vtuSubject = (lineId: string) => `VTU:${lineId}`;

/** Checks the client's wallet now; true when this check alerted. */
export async function checkWallet(ctx: AppContext, corporateId: string, now = new Date()): Promise<boolean> {
  const threshold = await lowBalanceThresholdOf(ctx, corporateId);
  // No threshold (the usual case): nothing to decide, nothing written. A flag left from before
  // does no harm: once a threshold is set again, an entry at or above it re-arms it.
  if (threshold <= 0) return false;
  const { wallet } = await accountIdsOf(ctx.db).corporate(corporateId);
  const subject = walletSubject(corporateId);
  // Above the threshold (what nearly every vend's check finds): re-arm, with no lock and no
  // transaction. Only a balance below it takes the locked path that decides on an alert.
  if ((await accountBalance(ctx.db, wallet)) >= threshold) {
    await repo.clearAlert(ctx.db, subject);
    return false;
  }
  return ctx.db.transaction(async (tx) => {
    const state = await repo.lockAlert(tx, subject);
    const balance = await accountBalance(tx, wallet);
    if (balance >= threshold) {
      await repo.clearAlert(tx, subject);
      return false;
    }
    if (state.alertedAt && !(await reachedSince(tx, wallet, state.alertedAt, threshold))) return false;
    await repo.setAlerted(tx, subject, now);
    await notifyCorporate(
      tx,
      corporateId,
      'Low wallet balance',
      `Your wallet balance is ${formatNaira(balance)}, below your low-balance alert of ${formatNaira(threshold)}. Fund your wallet to keep vending without interruption.`,
      'balance.low',
    );
    return true;
  });
}

/** Checks a VTU line's float now; true when this check alerted the admins. */
export async function checkVtuLine(ctx: AppContext, lineId: string, now = new Date()): Promise<boolean> {
  const { vtuLowFloatThresholdKobo: threshold } = await platformSettings(ctx);
  const l = await findLineOrThrow(ctx.db, lineId);
  const subject = vtuSubject(lineId);
  return ctx.db.transaction(async (tx) => {
    const state = await repo.lockAlert(tx, subject);
    if (threshold <= 0 || l.floatKobo >= threshold) {
      await repo.clearAlert(tx, subject);
      return false;
    }
    // Alerted already: only a check that finds the float back up (after a funding) re-arms it.
    if (state.alertedAt) return false;
    await repo.setAlerted(tx, subject, now);
    await notifyAdmins(
      tx,
      'vtu.manage',
      `Low float on VTU line ${l.line.code}`,
      `VTU line ${l.line.code} (${l.line.network} ${l.line.msisdn}) has ${formatNaira(l.floatKobo)} of float by our books, below the alert of ${formatNaira(threshold)}. Fund the line to keep VTU vends going.`,
      'balance.low',
    );
    return true;
  });
}

// ---------------------------------------------------------------- checks after a vend

interface Slot {
  waiting: boolean;
  done: Promise<void>;
}
const slots = new WeakMap<Db, Map<string, Slot>>();

function schedule(ctx: AppContext, key: string, run: () => Promise<unknown>) {
  let m = slots.get(ctx.db);
  if (!m) {
    m = new Map();
    slots.set(ctx.db, m);
  }
  const map = m;
  const slot = map.get(key);
  // A check of this balance has not started yet: it will see this debit too.
  if (slot?.waiting) return;
  const next: Slot = { waiting: true, done: Promise.resolve() };
  next.done = (slot?.done ?? Promise.resolve())
    .then(() => new Promise<void>((r) => setImmediate(r)))
    .then(() => {
      next.waiting = false;
      return run();
    })
    .then(
      () => undefined,
      (err) => ctx.log.error({ err, balance: key }, 'low-balance check failed'),
    )
    .finally(() => {
      if (map.get(key) === next) map.delete(key);
    });
  map.set(key, next);
}

/** After a debit has committed: check the wallet (and the VTU line whose float the vend holds). */
export function queueBalanceChecks(ctx: AppContext, v: { corporateId: string; vtuLineId?: string | null }) {
  schedule(ctx, walletSubject(v.corporateId), () => checkWallet(ctx, v.corporateId));
  const line = v.vtuLineId;
  if (line) schedule(ctx, vtuSubject(line), () => checkVtuLine(ctx, line));
}

/** Resolves when every queued check on `db` has run (tests; a closing server). */
export async function balanceChecksIdle(db: Db): Promise<void> {
  const m = slots.get(db);
  while (m?.size) await Promise.all([...m.values()].map((s) => s.done));
}
