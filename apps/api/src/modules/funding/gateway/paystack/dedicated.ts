// Paystack's customers and dedicated virtual accounts (DVA), over the same `exchange` as the
// transaction calls (client.ts). A client gets its DVA in two calls:
//   POST /customer            { email, first_name, last_name, phone }   -> data.customer_code
//     https://paystack.com/docs/api/customer/#create
//   POST /dedicated_account   { customer (code), preferred_bank }        -> data.account_number,
//                                                                           account_name, bank { name, slug }
//     https://paystack.com/docs/api/dedicated-virtual-account/#create
//     https://paystack.com/docs/payments/dedicated-virtual-accounts/  (preferred_bank: "wema-bank",
//     "titan-paystack"; "test-bank" with a test key)
// A transfer into the account arrives as a charge.success webhook with data.channel "dedicated_nuban"
// and the dedicated account's customer in data.customer.customer_code (same page, "Receiving
// payments" / webhook sample: fixtures/webhook-dedicated-nuban-charge-success.json).
import { z } from 'zod';
import { type PaystackExchange, type PaystackResult, readData } from './client';

/** https://paystack.com/docs/api/customer/#create : the answer's data (the fields we keep). */
export const customerData = z.looseObject({
  id: z.number(),
  customer_code: z.string().min(1),
  email: z.string(),
});
export type PaystackCustomer = z.infer<typeof customerData>;

/** https://paystack.com/docs/api/dedicated-virtual-account/#create : the answer's data. */
export const dedicatedAccountData = z.looseObject({
  id: z.number(),
  account_name: z.string().min(1),
  account_number: z.string().regex(/^\d{10}$/),
  active: z.boolean().optional(),
  currency: z.string().optional(),
  bank: z.looseObject({ name: z.string().min(1), slug: z.string().optional() }),
  customer: z.looseObject({ customer_code: z.string().optional() }).nullable().optional(),
});
export type PaystackDedicatedAccount = z.infer<typeof dedicatedAccountData>;

export interface PaystackCustomerInput {
  email: string;
  firstName: string;
  lastName: string;
  phone?: string;
  metadata?: Record<string, unknown>;
}

export function paystackDedicatedAccounts(exchange: PaystackExchange) {
  return {
    async createCustomer(input: PaystackCustomerInput): Promise<PaystackResult<PaystackCustomer>> {
      return readData(
        await exchange('POST', '/customer', {
          email: input.email,
          first_name: input.firstName,
          last_name: input.lastName,
          ...(input.phone ? { phone: input.phone } : {}),
          ...(input.metadata ? { metadata: input.metadata } : {}),
        }),
        customerData,
      );
    },
    /** `details`: first_name, last_name and phone, which Paystack sets on a customer created without
     * them (https://paystack.com/docs/payments/dedicated-virtual-accounts/). */
    async createDedicatedAccount(
      customerCode: string,
      preferredBank: string,
      details?: { firstName: string; lastName: string; phone: string },
    ): Promise<PaystackResult<PaystackDedicatedAccount>> {
      return readData(
        await exchange('POST', '/dedicated_account', {
          customer: customerCode,
          preferred_bank: preferredBank,
          ...(details
            ? { first_name: details.firstName, last_name: details.lastName, phone: details.phone }
            : {}),
        }),
        dedicatedAccountData,
      );
    },
  };
}

export type PaystackDedicatedAccountsClient = ReturnType<typeof paystackDedicatedAccounts>;

/** What verify tells of a transfer into a dedicated account (beyond client.ts's transactionData). */
export const dedicatedTransferData = z.looseObject({
  id: z.number(),
  status: z.string(),
  reference: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  channel: z.string().nullable().optional(),
  paid_at: z.string().nullable().optional(),
  customer: z.looseObject({ customer_code: z.string().nullable().optional() }).nullable().optional(),
  authorization: z
    .looseObject({
      sender_name: z.string().nullable().optional(),
      sender_bank: z.string().nullable().optional(),
      receiver_bank_account_number: z.string().nullable().optional(),
    })
    .nullable()
    .optional(),
});
export type PaystackDedicatedTransfer = z.infer<typeof dedicatedTransferData>;
