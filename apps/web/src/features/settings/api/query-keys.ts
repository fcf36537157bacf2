export const settingsKeys = {
  all: ['settings'] as const,
  apiKeys: () => [...settingsKeys.all, 'api-keys'] as const,
  ips: () => [...settingsKeys.all, 'ip-allowlist'] as const,
  webhook: () => [...settingsKeys.all, 'webhook'] as const,
  deliveries: (page: number, limit: number) =>
    [...settingsKeys.all, 'webhook-deliveries', { page, limit }] as const,
};
