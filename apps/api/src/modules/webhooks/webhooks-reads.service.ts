// The webhooks module's plain reads, as its routes call them (the repo's own functions).
export { attemptsOf, findDelivery, getWebhook, listDeliveries } from './webhooks.repo';
