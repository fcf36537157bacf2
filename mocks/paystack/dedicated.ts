// The stand-in's customers and dedicated virtual accounts, as Paystack documents them:
//   POST /customer            { email, first_name?, last_name?, phone?, metadata? }
//     https://paystack.com/docs/api/customer/#create — an email already known answers the same customer
//   POST /dedicated_account   { customer (code or id), preferred_bank }
//     https://paystack.com/docs/api/dedicated-virtual-account/#create — one account per customer and
//     bank here; account_number (10 digits), account_name, bank { name, id, slug }
//   POST /_mock/transfer      { account_number, amount (kobo), sender_name? }  (the stand-in's own, no key)
//     a bank transfer into a dedicated account: a success transaction with channel dedicated_nuban,
//     then the signed charge.success (https://paystack.com/docs/payments/dedicated-virtual-accounts/);
//     GET /transaction/verify/:reference finds it.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { chargeSuccessEvent, envelope, refusal, type Txn } from './responses.ts';
import type { PaystackMockState } from './server.ts';

type Body = Record<string, unknown>;
const obj = (v: unknown): Body => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Body) : {});
const str = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

export interface MockCustomer {
  id: number;
  code: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  metadata: unknown;
  createdAt: Date;
}

export interface MockDedicatedAccount {
  id: number;
  accountNumber: string;
  accountName: string;
  bank: { name: string; id: number; slug: string };
  customerCode: string;
  createdAt: Date;
}

export interface DedicatedState {
  /** By customer code. */
  customers: Map<string, MockCustomer>;
  /** By account number. */
  dedicatedAccounts: Map<string, MockDedicatedAccount>;
}

export const newDedicatedState = (): DedicatedState => ({
  customers: new Map(),
  dedicatedAccounts: new Map(),
});

/** Paystack's DVA banks (https://paystack.com/docs/payments/dedicated-virtual-accounts/). */
const BANKS: Record<string, { name: string; id: number }> = {
  'wema-bank': { name: 'Wema Bank', id: 20 },
  'titan-paystack': { name: 'Paystack-Titan', id: 67 },
  'test-bank': { name: 'Test Bank', id: 71 },
};

function customerView(c: MockCustomer) {
  return {
    email: c.email,
    integration: 100001,
    domain: 'test',
    customer_code: c.code,
    id: c.id,
    first_name: c.firstName,
    last_name: c.lastName,
    phone: c.phone,
    metadata: c.metadata,
    identified: false,
    identifications: null,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.createdAt.toISOString(),
  };
}

function accountView(a: MockDedicatedAccount, c: MockCustomer) {
  return {
    bank: { ...a.bank },
    account_name: a.accountName,
    account_number: a.accountNumber,
    assigned: true,
    currency: 'NGN',
    metadata: null,
    active: true,
    id: a.id,
    created_at: a.createdAt.toISOString(),
    updated_at: a.createdAt.toISOString(),
    assignment: {
      integration: 100001,
      assignee_id: c.id,
      assignee_type: 'Customer',
      expired: false,
      account_type: 'PAY-WITH-TRANSFER-RECURRING',
      assigned_at: a.createdAt.toISOString(),
    },
    customer: {
      id: c.id,
      first_name: c.firstName,
      last_name: c.lastName,
      email: c.email,
      customer_code: c.code,
      phone: c.phone,
      risk_action: 'default',
    },
  };
}

/** A transfer into a dedicated account: a paid transaction and its signed charge.success. */
export function transferIn(
  state: PaystackMockState,
  accountNumber: string,
  amountKobo: number,
  senderName = 'ACME LTD',
): Txn | null {
  const a = state.dedicatedAccounts.get(accountNumber);
  if (!a || !Number.isInteger(amountKobo) || amountKobo <= 0) return null;
  const c = state.customers.get(a.customerCode)!;
  const now = state.now();
  const id = state.nextId();
  const t: Txn = {
    id,
    // Paystack's transfer references are its own (e.g. 1640812500pd5z5u8ikf1fn6r).
    reference: `${Math.floor(now.getTime() / 1000)}${randomBytes(8).toString('hex')}`,
    accessCode: randomBytes(8).toString('hex'),
    amount: amountKobo,
    currency: 'NGN',
    email: c.email,
    callbackUrl: null,
    metadata: {
      receiver_account_number: a.accountNumber,
      receiver_bank: a.bank.name,
      custom_fields: [
        {
          display_name: 'Receiver Account',
          variable_name: 'receiver_account_number',
          value: a.accountNumber,
        },
        { display_name: 'Receiver Bank', variable_name: 'receiver_bank', value: a.bank.name },
      ],
    },
    status: 'success',
    gatewayResponse: 'Approved',
    createdAt: now,
    paidAt: now,
    customerId: c.id,
    customerCode: c.code,
    refunds: [],
    transfer: {
      accountNumber: a.accountNumber,
      bankName: a.bank.name,
      senderName,
      senderBank: 'First Bank',
      firstName: c.firstName,
      lastName: c.lastName,
    },
  };
  state.transactions.set(t.reference, t);
  state.byAccessCode.set(t.accessCode, t);
  state.send(chargeSuccessEvent(t), t.reference);
  return t;
}

export async function dedicatedRoutes(app: FastifyInstance, { state }: { state: PaystackMockState }) {
  app.post('/customer', async (req, reply) => {
    const b = obj(req.body);
    const email = str(b.email);
    if (!/^[^@\s]+@[^@\s]+$/.test(email))
      return reply.code(400).send(refusal('Invalid Email Address Passed'));
    const known = [...state.customers.values()].find((c) => c.email.toLowerCase() === email.toLowerCase());
    if (known) return envelope('Customer created', customerView(known));
    if (state.requirePhone && !str(b.phone))
      return reply.code(400).send(refusal('Customer phone number is required'));
    const id = state.nextId();
    const c: MockCustomer = {
      id,
      code: `CUS_${randomBytes(8).toString('hex')}`,
      email,
      firstName: str(b.first_name) || null,
      lastName: str(b.last_name) || null,
      phone: str(b.phone) || null,
      metadata: b.metadata ?? null,
      createdAt: state.now(),
    };
    state.customers.set(c.code, c);
    return envelope('Customer created', customerView(c));
  });

  app.post('/dedicated_account', async (req, reply) => {
    const b = obj(req.body);
    const key = str(b.customer);
    const c = state.customers.get(key) ?? [...state.customers.values()].find((x) => String(x.id) === key);
    if (!c) return reply.code(404).send(refusal('Customer not found'));
    const slug = str(b.preferred_bank) || 'wema-bank';
    const bank = BANKS[slug];
    if (!bank) return reply.code(400).send(refusal('Invalid preferred bank'));
    // https://paystack.com/docs/payments/dedicated-virtual-accounts/ : first_name, last_name and phone
    // may be given here to complete a customer created without them.
    if (str(b.first_name)) c.firstName = str(b.first_name);
    if (str(b.last_name)) c.lastName = str(b.last_name);
    if (str(b.phone)) c.phone = str(b.phone);
    if (!c.firstName || !c.lastName)
      return reply.code(400).send(refusal('Customer first name and last name are required'));
    if (state.requirePhone && !c.phone)
      return reply.code(400).send(refusal('Customer phone number is required'));
    const existing = [...state.dedicatedAccounts.values()].find(
      (a) => a.customerCode === c.code && a.bank.slug === slug,
    );
    if (existing) return envelope('NUBAN successfully created', accountView(existing, c));
    let accountNumber: string;
    do accountNumber = `99${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    while (state.dedicatedAccounts.has(accountNumber));
    const a: MockDedicatedAccount = {
      id: state.nextId(),
      accountNumber,
      accountName: `VENDPORT/${c.firstName} ${c.lastName}`.toUpperCase(),
      bank: { ...bank, slug },
      customerCode: c.code,
      createdAt: state.now(),
    };
    state.dedicatedAccounts.set(accountNumber, a);
    return envelope('NUBAN successfully created', accountView(a, c));
  });

  app.post('/_mock/transfer', async (req, reply) => {
    const b = obj(req.body);
    const amountText = str(b.amount);
    if (!/^\d+$/.test(amountText) || Number(amountText) < 1)
      return reply.code(400).send(refusal('amount (kobo) must be a positive integer'));
    const t = transferIn(state, str(b.account_number), Number(amountText), str(b.sender_name) || undefined);
    if (!t) return reply.code(404).send(refusal('No dedicated account with this account number'));
    return envelope('Transfer received', {
      reference: t.reference,
      amount: t.amount,
      channel: 'dedicated_nuban',
    });
  });
}
