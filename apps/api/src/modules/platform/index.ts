// The platform module's public surface: its settings as other modules read them, and the
// mailer's source of SMTP settings.

export { platformRoutes } from './platform.routes';
export {
  cardFeeRuleOf,
  DEFAULT_LOW_BALANCE_THRESHOLD_KOBO,
  lowBalanceHintOf,
  type PlatformSettings,
  platformSettings,
} from './platform.service';
export { smtpSourceOf } from './smtp.service';
