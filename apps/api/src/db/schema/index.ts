export * from './identity';
export * from './platform';
export * from './ledger';
export * from './funding';
