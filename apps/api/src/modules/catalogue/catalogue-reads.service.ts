// The catalogue's plain reads, as routes and other modules call them (the repo's own functions).

export { findBiller, listBillers, listBouquets } from './billers.repo';
export { defaultServiceIds, listPlans, listServices } from './catalogue.repo';
