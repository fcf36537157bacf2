// The rate-limits module's public surface (issue 34): the token taken by every vending API call
// and its RateLimit-* headers or 429 (plugins/rate-limit.ts), the refusals counted for the
// client's page (written at close by app.ts), and the routes of the client's and the admin's views.
export { rateLimitsRoutes } from './rate-limits.routes';
export {
  closeRateLimits,
  countRefusal,
  flushRefusals,
  type RateSubject,
  rateLimited,
  rateLimitHeaders,
  takeApiToken,
} from './rate-limits.service';
