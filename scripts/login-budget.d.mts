// Types of login-budget.mjs, for the web build's config (apps/web/vite.config.ts).
export type ManifestChunk = {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
};
export type Manifest = Record<string, ManifestChunk>;
export type BudgetResult = {
  ok: boolean;
  total: number;
  budget: number;
  all: number;
  chunks: Array<{ key: string; file: string; gzip: number }>;
  report: string;
};
export const LOGIN_BUDGET_BYTES: number;
export const LOGIN_ROUTE: string;
export function loginPageChunks(manifest: Manifest, route?: string): string[];
export function checkLoginBudget(
  manifest: Manifest,
  gzSize: (file: string) => number,
  budget?: number,
): BudgetResult;
export function checkDist(dist: string, budget?: number): BudgetResult;
