// Types of sql-functions.mjs, for the API's database-functions test.
export const SQL_DIR: string;
export function sqlStatements(text: string): string[];
export function sqlWrites(text: string): string[];
export interface SqlFunctionFile {
  file: string;
  name: string;
  owner: string | null;
  statements: string[];
  writes: string[];
  triggers: string[];
}
export function sqlFunctionFiles(base?: string): SqlFunctionFile[];
