// Why a vend failed, in the client's terms: from the upstream's answer as the vend stored it
// (VTpass "VTpass 016 TRANSACTION FAILED", Reloadly "Reloadly HTTP 400 PHONE_RECENTLY_RECHARGED", the
// simulator's words) to one of a few causes a client can act on. A reseller's upstreams are its
// own business (issue 53 point 4): clients and the public API get the cause in fixed words
// (CLIENT_VEND_REASONS in shared); admins keep the provider's answer. The kinds come from the
// mapping tables themselves (vtpass.answers.ts, reloadly.answers.ts), so a code mapped there is
// classified here with no second list; anything unrecognised is the network's side.
import type { ClientFailureCause } from '@vendport/shared';
import { reloadlyFailureKind } from './reloadly.answers';
import type { FailureKind } from './upstream.answers';
import { vtpassFailureKind } from './vtpass.answers';

/** The simulator's definite failures (providers.service.ts), by their words. */
export const SIMULATOR_FAILURES: Readonly<Record<string, FailureKind>> = {
  'Invalid subscriber': 'RECIPIENT',
  'Network rejected the recharge': 'PROVIDER',
  'Line rejected the recharge': 'PROVIDER',
};

/** Answers that mean "this number was served moments ago": the recipient's side, but temporary. */
const RECENT = new Set(['VTPASS:019', 'RELOADLY:PHONE_RECENTLY_RECHARGED']);

function kindOf(message: string): { kind: FailureKind; key: string } | null {
  const vtpass = /^VTpass (\d{3})\b/.exec(message);
  if (vtpass) {
    const kind = vtpassFailureKind(vtpass[1]!);
    return kind ? { kind, key: `VTPASS:${vtpass[1]}` } : null;
  }
  const reloadly = /^Reloadly HTTP \d{3} ([A-Z0-9_]+)/.exec(message);
  if (reloadly) {
    const kind = reloadlyFailureKind(reloadly[1]!);
    return kind ? { kind, key: `RELOADLY:${reloadly[1]}` } : null;
  }
  const sim = Object.hasOwn(SIMULATOR_FAILURES, message) ? SIMULATOR_FAILURES[message]! : null;
  return sim ? { kind: sim, key: `SIMULATOR:${message}` } : null;
}

/** The client's cause of a failed vend, from the reason the vend stored. */
export function failureCauseOf(reason: string | null): ClientFailureCause {
  if (!reason) return 'NETWORK';
  const k = kindOf(reason);
  if (!k || k.kind === 'PROVIDER') return 'NETWORK';
  return RECENT.has(k.key) ? 'RECENTLY_RECHARGED' : 'RECIPIENT';
}
