export * from './identity';
export * from './platform';
export * from './vending';
export * from './ledger';
export * from './funding';
