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

/**
 * Checks of one balance start at least this far apart. A busy wallet is debited hundreds of times
 * a second; checking it after each debit (or after each burst) cost more server CPU than the vends
 * themselves once every client had a threshold (measured by bench:vend, 32 wallets: 0.28 → 0.86 ms
 * per vend). The debits made while a check waits are all seen by that check, so an alert comes
 * at most this much later, never lost.
 */
export const CHECK_SPACING_MS = 1000;

interface Slot {
  waiting: boolean;
  done: Promise<void>;
}
interface Checks {
  slots: Map<string, Slot>;
  /** When each balance's last check started (pruned as it grows). */
  lastRun: Map<string, number>;
  /** Spacing waits in progress: a closing server runs them at once. */
  waits: Set<() => void>;
  /** While above 0, checks do not wait for their spacing (balanceChecksIdle with `now`). */
  hurry: number;
}
const checksByDb = new WeakMap<Db, Checks>();

function checksOf(db: Db): Checks {
  let c = checksByDb.get(db);
  if (!c) {
    c = { slots: new Map(), lastRun: new Map(), waits: new Set(), hurry: 0 };
    checksByDb.set(db, c);
  }
  return c;
}

/** Waits until `key`'s previous check started CHECK_SPACING_MS ago (a turn of the loop at least). */
function spaced(c: Checks, key: string): Promise<void> {
  const wait = (c.lastRun.get(key) ?? Number.NEGATIVE_INFINITY) + CHECK_SPACING_MS - Date.now();
  if (wait <= 0 || c.hurry > 0) return new Promise<void>((r) => setImmediate(r));
  return new Promise<void>((resolve) => {
    const go = () => {
      clearTimeout(timer);
      c.waits.delete(go);
      resolve();
    };
    const timer = setTimeout(go, wait);
    c.waits.add(go);
  });
}

export function scheduleCheck(ctx: AppContext, key: string, run: () => Promise<unknown>) {
  const c = checksOf(ctx.db);
  const slot = c.slots.get(key);
  // A check of this balance has not started yet: it will see this debit too.
  if (slot?.waiting) return;
  const next: Slot = { waiting: true, done: Promise.resolve() };
  next.done = (slot?.done ?? Promise.resolve())
    .then(() => spaced(c, key))
    .then(() => {
      next.waiting = false;
      const now = Date.now();
      if (c.lastRun.size > 10_000) {
        for (const [k, at] of c.lastRun) if (now - at >= CHECK_SPACING_MS) c.lastRun.delete(k);
      }
      c.lastRun.set(key, now);
      return run();
    })
    .then(
      () => undefined,
      (err) => ctx.log.error({ err, balance: key }, 'low-balance check failed'),
    )
    .finally(() => {
      if (c.slots.get(key) === next) c.slots.delete(key);
    });
  c.slots.set(key, next);
}

/** After a debit has committed: check the wallet (and the VTU line whose float the vend holds). */
export function queueBalanceChecks(ctx: AppContext, v: { corporateId: string; vtuLineId?: string | null }) {
  scheduleCheck(ctx, walletSubject(v.corporateId), () => checkWallet(ctx, v.corporateId));
  const line = v.vtuLineId;
  if (line) scheduleCheck(ctx, vtuSubject(line), () => checkVtuLine(ctx, line));
}

/**
 * Resolves when every queued check on `db` has run (tests; a closing server). `now`: run the
 * checks waiting for their spacing at once instead of at their time.
 */
export async function balanceChecksIdle(db: Db, opts: { now?: boolean } = {}): Promise<void> {
  const c = checksByDb.get(db);
  if (!c) return;
  if (opts.now) c.hurry++;
  try {
    while (c.slots.size) {
      if (opts.now) for (const go of [...c.waits]) go();
      await Promise.all([...c.slots.values()].map((s) => s.done));
    }
  } finally {
    if (opts.now) c.hurry--;
  }
}
