export * from './identity';
export * from './platform';
export * from './vending';
