// Every table, one file per domain; drizzle-kit reads this index.
export * from './api-access';
export * from './audit';
export * from './auto-topup';
export * from './catalogue';
export * from './commissions';
export * from './funding';
export * from './identity';
export * from './jobs';
export * from './ledger';
export * from './notifications';
export * from './providers';
export * from './rate-limits';
export * from './reports';
export * from './settings';
export * from './vends';
export * from './verification';
export * from './webhooks';
