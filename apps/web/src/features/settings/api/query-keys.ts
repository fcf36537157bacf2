export const settingsKeys = {
  all: ['settings'] as const,
  apiKeys: () => [...settingsKeys.all, 'api-keys'] as const,
  rateLimits: () => [...settingsKeys.all, 'api-rate-limits'] as const,
  ips: () => [...settingsKeys.all, 'ip-allowlist'] as const,
  webhook: () => [...settingsKeys.all, 'webhook'] as const,
  deliveries: (page: number, limit: number) =>
    [...settingsKeys.all, 'webhook-deliveries', { page, limit }] as const,
  reconciliation: () => [...settingsKeys.all, 'reconciliation'] as const,
  statements: (page: number, limit: number) => [...settingsKeys.all, 'statements', { page, limit }] as const,
  notificationSetup: (userId: string) => [...settingsKeys.all, 'notification-setup', userId] as const,
  platform: () => [...settingsKeys.all, 'platform'] as const,
};
