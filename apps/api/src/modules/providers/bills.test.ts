// The simulator's bills answer as BILL_SANDBOX_NUMBERS (shared) documents them, and any other number
// fails verification; the VTpass readers turn the documented fields into the bill's facts.
import { BILL_SANDBOX_NUMBERS, BILLERS } from '@vendport/shared';
import { describe, expect, it } from 'vitest';
import { type BillPayRequest, simulatedBillBehaviour, simulatedVerification } from './bills';
import { maskTokensIn, tokenOf, vtpassBillFacts, vtpassVerifyAnswer } from './vtpass.bills';

const biller = (kind: 'ELECTRICITY' | 'TV', number: string) =>
  number === '08011111111'
    ? BILLERS.find((b) => b.code === 'SHOWMAX')!
    : BILLERS.find((b) => b.kind === kind)!;

describe('[BILLS] the simulator and the VTpass readers', () => {
  it('[BILLS] every documented sandbox number does what the table says', () => {
    for (const n of BILL_SANDBOX_NUMBERS) {
      const b = biller(n.kind, n.number);
      if (b.providerVerifies) {
        const v = simulatedVerification({
          billerCode: b.code,
          kind: n.kind,
          serviceId: b.vtpassServiceId,
          customerNumber: n.number,
          meterType: n.meterType,
        });
        expect(v.outcome, n.number).toBe('VERIFIED');
      }
      const req: BillPayRequest = {
        billerCode: b.code,
        kind: n.kind,
        serviceId: b.vtpassServiceId,
        customerNumber: n.number,
        meterType: n.meterType,
        subscriptionType: n.kind === 'TV' ? 'CHANGE' : null,
        variationCode: null,
        phone: '+2348031234567',
        email: null,
      };
      const s = simulatedBillBehaviour(req);
      expect(s.vend === 'SUCCESS' ? 'SUCCESSFUL' : s.vend, n.number).toBe(n.pay);
      expect(s.query === 'SUCCESS' ? 'SUCCESSFUL' : s.query, n.number).toBe(n.requery);
    }
    const other = simulatedVerification({
      billerCode: 'IKEDC',
      kind: 'ELECTRICITY',
      serviceId: 'ikeja-electric',
      customerNumber: '1234567890123',
      meterType: 'PREPAID',
    });
    expect(other.outcome).toBe('REJECTED');
  });

  it('[BILLS] merchant-verify answers: customer, rejection (content.error), or unavailable, never a guess', () => {
    const ok = vtpassVerifyAnswer({
      httpStatus: 200,
      body: {
        code: '000',
        content: { Customer_Name: 'A B', Renewal_Amount: '2565.00', Current_Bouquet: 'Yanga' },
      },
    } as never);
    expect(ok).toMatchObject({ outcome: 'VERIFIED', customerName: 'A B', renewalAmountKobo: 256_500 });
    const rejected = vtpassVerifyAnswer({
      httpStatus: 200,
      body: { code: '000', content: { error: 'Invalid meter', WrongBillersCode: true } },
    } as never);
    expect(rejected.outcome).toBe('REJECTED');
    for (const body of [{ code: '087' }, '<html>', { code: '000', content: {} }])
      expect(vtpassVerifyAnswer({ httpStatus: 200, body } as never).outcome).toBe('UNAVAILABLE');
    expect(vtpassVerifyAnswer({ noAnswer: true, reason: 'timeout' } as never).outcome).toBe('UNAVAILABLE');
  });

  it('[BILLS] the token from any documented spelling, grouped by four; masked on the attempt', () => {
    expect(tokenOf('Token : 26362054405982757802')).toBe('2636-2054-4059-8275-7802');
    expect(tokenOf('Token : 42167939781206619049 Bonus Token : 62881559799402440206')).toBe(
      '4216-7939-7812-0661-9049',
    );
    const facts = vtpassBillFacts({
      mainToken: '26362054405982757802',
      mainTokenUnits: 16.6,
      exchangeReference: 'X1',
    });
    expect(facts).toMatchObject({
      token: '2636-2054-4059-8275-7802',
      units: '16.6 kWh',
      receiptReference: 'X1',
    });
    expect(vtpassBillFacts({ purchased_code: '' }).token).toBeNull();
    const masked = JSON.stringify(
      maskTokensIn({
        body: { mainToken: '26362054405982757802', purchased_code: 'Token : 26362054405982757802' },
      }),
    );
    expect(masked).not.toContain('26362054405982757802');
    expect(masked).toContain('****7802');
  });
});
