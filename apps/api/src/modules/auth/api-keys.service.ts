// The corporate's live and test API keys: issued at sign-up, shown masked, revealed or replaced
// with the password.
import { recordAudit } from '../../infra/audit';
import type { AppContext } from '../../infra/context';
import { newToken, sha256 } from '../../infra/crypto';
import type { Db } from '../../infra/db/client';
import { AppError, conflict } from '../../infra/errors';
import { callerOf, corporateOfCaller, type RequestContext } from '../../infra/request-context';
import { lockCorporate } from '../corporates';
import { notify } from '../notifications';
import type { ApiKeyRow, KeyMode } from './auth.repo';
import * as repo from './auth.repo';
import { KEY_MODES, mustUser } from './auth.shared';
import { confirmOwnPassword } from './passwords.service';

export const maskKey = (mode: string, last4: string) => `vpk_${mode.toLowerCase()}_••••••••${last4}`;

export function mintKey(ctx: AppContext, corporateId: string, mode: KeyMode, now: Date) {
  const key = newToken(mode === 'LIVE' ? 'vpk_live_' : 'vpk_test_');
  return {
    key,
    row: {
      corporateId,
      mode,
      keyHash: sha256(key),
      keyEnc: ctx.sealer.seal(key),
      last4: key.slice(-4),
      createdAt: now,
    },
  };
}

/** Gives a corporate whichever of its live and test keys it lacks (sign-up; onboarding by an admin). */
export async function issueApiKeys(ctx: AppContext, db: Db, corporateId: string): Promise<void> {
  const now = new Date();
  for (const mode of KEY_MODES) await repo.insertKeyIfAbsent(db, mintKey(ctx, corporateId, mode, now).row);
}

export const keyView = (k: ApiKeyRow) => ({
  mode: k.mode as KeyMode,
  masked: maskKey(k.mode, k.last4),
  createdAt: k.createdAt.toISOString(),
  lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
});

export async function keysOf(ctx: AppContext, corporateId: string): Promise<ApiKeyRow[]> {
  let keys = await repo.activeKeys(ctx.db, corporateId);
  if (keys.length < KEY_MODES.length) {
    await ctx.db.transaction((tx) => issueApiKeys(ctx, tx, corporateId));
    keys = await repo.activeKeys(ctx.db, corporateId);
  }
  return keys;
}

export async function listApiKeys(ctx: AppContext, rc: RequestContext) {
  const corporateId = corporateOfCaller(rc);
  // Masked keys reveal nothing: loading them is not audited (issue 53 point 6: a screen that loads
  // them wrote "Revealed an API key" on every visit). A reveal is a copy, audited there.
  const keys = await keysOf(ctx, corporateId);
  return keys.map(keyView);
}

export async function copyApiKey(
  ctx: AppContext,
  rc: RequestContext,
  mode: KeyMode,
  password: string | undefined,
) {
  const corporateId = corporateOfCaller(rc);
  const user = await mustUser(ctx.db, callerOf(rc).userId);
  await confirmOwnPassword(ctx, rc, user, password, 'copy api key');
  const k = (await keysOf(ctx, corporateId)).find((x) => x.mode === mode);
  if (!k) throw new AppError('INTERNAL_ERROR', 500, 'API key missing');
  await recordAudit(ctx.db, rc, {
    action: 'apikey.copy',
    targetType: 'api_key',
    targetId: k.id,
    summary: { mode },
  });
  return { ...keyView(k), key: ctx.sealer.open(k.keyEnc) };
}

export async function resetApiKey(ctx: AppContext, rc: RequestContext, mode: KeyMode, password: string) {
  const corporateId = corporateOfCaller(rc);
  const a = callerOf(rc);
  const user = await mustUser(ctx.db, a.userId);
  await confirmOwnPassword(ctx, rc, user, password, 'reset api key');
  const now = new Date();
  const minted = mintKey(ctx, corporateId, mode, now);
  const row = await ctx.db.transaction(async (tx) => {
    // One reset at a time per corporate: the old key is revoked in the same transaction.
    await lockCorporate(tx, corporateId);
    const old = await repo.activeKey(tx, corporateId, mode);
    if (old) await repo.revokeKey(tx, old.id, now);
    const created = await repo.insertKeyIfAbsent(tx, minted.row);
    if (!created) throw conflict('The API key was reset by someone else at the same time. Try again.');
    await notify(
      tx,
      a.userId,
      'API key reset',
      `Your ${mode.toLowerCase()} API key was reset. The previous key stopped working immediately; update your integration with the new one.`,
    );
    await recordAudit(tx, rc, {
      action: 'apikey.reset',
      targetType: 'api_key',
      targetId: created.id,
      summary: { mode, replaced: old?.id ?? null },
    });
    return created;
  });
  return { ...keyView(row), key: minted.key };
}

/** How the API keys card names each of these keys of the client (issue 34: refusals per key). */
export async function apiKeyLabels(
  db: Db,
  corporateId: string,
  ids: string[],
): Promise<Map<string, { mode: KeyMode; masked: string; revoked: boolean }>> {
  const rows = await repo.keysByIds(db, corporateId, ids);
  return new Map(
    rows.map((k) => [
      k.id,
      { mode: k.mode as KeyMode, masked: maskKey(k.mode, k.last4), revoked: !!k.revokedAt },
    ]),
  );
}
