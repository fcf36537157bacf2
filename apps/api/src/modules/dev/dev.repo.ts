// The development outbox reader reads the mailer's outbox (lib/mailer.ts owns the table).
export { recentOutbox } from '../../lib/mailer';
