export * from './funding';
export * from './identity';
export * from './ledger';
export * from './platform';
export * from './vending';
