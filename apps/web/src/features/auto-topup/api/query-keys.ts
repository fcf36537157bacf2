// One key factory for auto top-up: settings, subscribers and runs of the signed-in client, and an
// admin's read of one client. A run vends (money): its mutation also refreshes the money queries.
export type SubscriberFilters = { page: number; limit: number; search?: string; status?: string };

export type RunFilters = {
  page: number;
  limit: number;
  /** The keyset cursor of the page shown (histories; none on page 1). */
  cursor?: string;
  search?: string;
  startDate?: string;
  endDate?: string;
  status?: string;
  network?: string;
};

export const autoTopupKeys = {
  all: ['auto-topup'] as const,
  settings: () => [...autoTopupKeys.all, 'settings'] as const,
  subscribers: (f: SubscriberFilters) => [...autoTopupKeys.all, 'subscribers', f] as const,
  runs: (f: RunFilters) => [...autoTopupKeys.all, 'runs', f] as const,
  admin: (id: string) => [...autoTopupKeys.all, 'admin', id] as const,
  adminSubscribers: (id: string, f: SubscriberFilters) =>
    [...autoTopupKeys.admin(id), 'subscribers', f] as const,
  adminRuns: (id: string, f: RunFilters) => [...autoTopupKeys.admin(id), 'runs', f] as const,
};
