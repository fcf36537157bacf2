// Services record their audit entry inside their own transaction; routes hand them this
// function bound to the request (actor, IP, user agent).
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { type AuditEntry, audit } from '../../plugins/audit';

export type AuditFn = (db: Db, entry: AuditEntry) => Promise<void>;

export const recorder =
  (req: FastifyRequest): AuditFn =>
  (db, entry) =>
    audit(db, req, entry);
