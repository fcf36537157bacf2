// What the bills journeys share (issue 51): a signed-up client ready to pay, with every biller
// assigned by the admin.
import type { BillerView } from '@vendport/shared';
import { expect } from 'vitest';
import { adminToken, api, readyToVend, signUpCorporate } from './support';

export async function billClient(tag: string) {
  const admin = await adminToken();
  const corp = await signUpCorporate(tag);
  const corporateId = corp.user.corporate!.id;
  await readyToVend(admin, corporateId, '100000');
  const billers = await api<BillerView[]>('GET', 'admin/billers', undefined, admin);
  expect(billers.status, billers.json.message).toBe(200);
  const assigned = await api(
    'POST',
    'admin/billers/assign',
    { corporateId, billerIds: billers.json.data.map((b) => b.id) },
    admin,
  );
  expect(assigned.status, assigned.json.message).toBe(200);
  return { admin, corp, billers: billers.json.data };
}
