// Test data builders for the web tests.
import type {
  CorporateClientDetailView,
  FundingTransactionView,
  FundRequestView,
  NotificationView,
  SessionUser,
  WalletBalanceView,
} from '@vendport/shared';
import { vi } from 'vitest';

export function makeUser(overrides: Partial<SessionUser> = {}): SessionUser {
  const area = overrides.area ?? 'CORPORATE';
  return {
    id: 'usr_1',
    first_name: 'Adaeze',
    last_name: 'Okafor',
    email: 'adaeze@acme.ng',
    msisdn: '+2348031234567',
    area,
    roles: [area, area === 'ADMIN' ? 'Super Admin' : 'Owner'],
    permissions: [],
    defaultPassword: false,
    hasVerifiedEmail: true,
    is2faAuthenticated: true,
    twoFactorMethod: 'EMAIL',
    corporate:
      area === 'CORPORATE'
        ? {
            id: 'corp_1',
            name: 'Acme Telecoms Ltd',
            clientType: 'PREPAID',
            status: 'ACTIVE',
            verificationStatus: 'PENDING',
            verificationRequestedAt: null,
            testMode: false,
            testModeAllowed: false,
            autoTopUpEnabled: false,
          }
        : null,
    ...overrides,
  };
}

export function makeNotification(overrides: Partial<NotificationView> = {}): NotificationView {
  return {
    id: 'ntf_1',
    userId: 'usr_1',
    subject: 'Fund request approved',
    body: 'Your fund request of NGN 50,000.00 has been approved and your wallet credited.',
    createdAt: '2026-01-05T10:15:00.000Z',
    readAt: null,
    isRead: false,
    ...overrides,
  };
}

export function makeWalletBalance(overrides: Partial<WalletBalanceView> = {}): WalletBalanceView {
  return {
    clientType: 'PREPAID',
    balanceKobo: 1_250_050,
    floorKobo: 0,
    availableKobo: 1_250_050,
    creditLimitKobo: null,
    usedKobo: null,
    commissionBalanceKobo: 0,
    sandboxBalanceKobo: 0,
    asAt: null,
    ...overrides,
  };
}

export function makeFundRequest(overrides: Partial<FundRequestView> = {}): FundRequestView {
  return {
    id: 'fr_1',
    code: 'FR-7K3QX9M2',
    corporateId: 'corp_1',
    corporateName: 'Acme Telecoms Ltd',
    clientType: 'PREPAID',
    kind: 'FUNDING',
    amountKobo: 5_000_000,
    transferReference: 'TRF0042',
    narration: 'VP-ACME0001',
    status: 'PENDING',
    hasProof: false,
    proofName: null,
    proofUrl: null,
    declineReason: null,
    createdAt: '2026-01-05T10:15:00.000Z',
    paidAt: null,
    decidedAt: null,
    ...overrides,
  };
}

export function makeFundingTransaction(
  overrides: Partial<FundingTransactionView> = {},
): FundingTransactionView {
  return {
    id: 'ft_1',
    code: 'FR-7K3QX9M2',
    channel: 'BANK_TRANSFER',
    kind: 'FUNDING',
    corporateId: 'corp_1',
    corporateName: 'Acme Telecoms Ltd',
    clientType: 'PREPAID',
    amountKobo: 5_000_000,
    feeKobo: 0,
    status: 'APPROVED',
    reference: 'TRF0042',
    note: null,
    createdAt: '2026-01-05T10:15:00.000Z',
    completedAt: '2026-01-05T11:00:00.000Z',
    ...overrides,
  };
}

export function makeCorporateClient(
  overrides: Partial<CorporateClientDetailView> = {},
): CorporateClientDetailView {
  return {
    id: '5b0c6f5e-3c1a-4d6e-9a52-1f2e3d4c5b6a',
    name: 'Acme Telecoms Ltd',
    email: 'ops@acme.ng',
    msisdn: '+2348031234567',
    clientType: 'PREPAID',
    totalFunding: 7_500_000,
    availableBalance: 1_250_050,
    createdAt: '2025-11-03T09:00:00.000Z',
    verificationRequestedAt: null,
    verificationStatus: 'PENDING',
    status: 'ACTIVE',
    testMode: false,
    testModeAllowed: false,
    autoTopUpEnabled: false,
    creditLimitKobo: 0,
    wallet: makeWalletBalance(),
    documentsCount: 0,
    verificationDeclineReason: null,
    ...overrides,
  };
}

/** A paged list envelope of spec §3. */
export function pageOf<T>(data: T[], extra: Record<string, unknown> = {}) {
  return {
    success: true,
    message: 'ok',
    data,
    currentPage: 1,
    lastPage: 1,
    hasMorePages: false,
    total: data.length,
    limit: 40,
    ...extra,
  };
}

type Route = {
  method?: string;
  path: string | RegExp;
  status?: number;
  /** The answer; a function is called at each request (an answer that changes after a mutation). */
  body: unknown;
  headers?: Record<string, string>;
};

/** A fetch stub answering JSON by method and path; records every call. */
export function stubFetch(routes: Route[]) {
  const calls: { method: string; url: string; body: unknown; headers: Record<string, string> }[] = [];
  const fn = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = (init.headers ?? {}) as Record<string, string>;
    const body =
      typeof init.body === 'string'
        ? JSON.parse(init.body)
        : init.body instanceof FormData
          ? init.body
          : undefined;
    calls.push({ method, url, body, headers });
    const path = url.replace(/^https?:\/\/[^/]+/, '');
    const route = routes.find(
      (r) =>
        (r.method ?? 'GET') === method && (typeof r.path === 'string' ? r.path === path : r.path.test(path)),
    );
    if (!route)
      return new Response(
        JSON.stringify({
          success: false,
          message: `No stub for ${method} ${path}`,
          errors: [],
          code: 'NOT_FOUND',
        }),
        { status: 404, headers: { 'content-type': 'application/json' } },
      );
    if (route.body instanceof Blob)
      return new Response(route.body, {
        status: route.status ?? 200,
        headers: { 'content-type': route.body.type, ...(route.headers ?? {}) },
      });
    const answer = typeof route.body === 'function' ? (route.body as () => unknown)() : route.body;
    return new Response(JSON.stringify(answer), {
      status: route.status ?? 200,
      headers: { 'content-type': 'application/json', ...(route.headers ?? {}) },
    });
  };
  return { fn, calls };
}

/** A window as wide as `width`, answering (max-width: …) media queries the way a browser would. */
export function screenWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    return {
      matches: max ? width <= Number(max[1]) : false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    };
  });
}
