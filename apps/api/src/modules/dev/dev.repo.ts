// The development outbox reader reads the mailer's outbox (infra/mailer.ts owns the table).
export { recentOutbox } from '../../infra/mailer';
