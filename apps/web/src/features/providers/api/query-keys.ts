export const providerKeys = {
  all: ['providers'] as const,
  screen: () => [...providerKeys.all, 'screen'] as const,
  refresh: () => [...providerKeys.all, 'refresh'] as const,
  openDiscrepancies: () => [...providerKeys.all, 'open-discrepancies'] as const,
};
