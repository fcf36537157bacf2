import { describe, expect, it } from 'vitest';
import {
  BILL_BULK_COLUMNS,
  BULK_COLUMNS,
  billColumnKey,
  billPayBodyOfCsvRow,
  bulkColumnKey,
  MAX_BULK_BILL_ROWS,
  readBillsCsv,
  readBulkCsv,
} from './bulk-vend-csv';
import { NOT_CSV_MESSAGE } from './csv';
import { MAX_BULK_ROWS } from './schemas/vends';

describe('[BULK] the bulk-vend file', () => {
  it('accepts the column names people write', () => {
    expect(bulkColumnKey(' MSISDN ')).toBe('phone');
    expect(bulkColumnKey('Plan Code')).toBe('planCode');
    expect(bulkColumnKey('plan-code')).toBe('planCode');
    expect(bulkColumnKey('Service')).toBe('type');
    expect(bulkColumnKey('colour')).toBeNull();
  });

  it('reads each row’s fields, trimmed, leaving empty cells out', () => {
    const r = readBulkCsv(
      `${BULK_COLUMNS.join(',')}\r\n 08031234567 ,MTN,AIRTIME,500,,\r\n07011234567,,DATA,,MTN-1GB,ref-2\r\n`,
    );
    expect(r).toEqual({
      rows: [
        { phone: '08031234567', network: 'MTN', type: 'AIRTIME', amount: '500' },
        { phone: '07011234567', type: 'DATA', planCode: 'MTN-1GB', reference: 'ref-2' },
      ],
    });
  });

  it('refuses a file it cannot read, with the reason', () => {
    expect(readBulkCsv('%PDF-1.7 not a sheet')).toEqual({ error: NOT_CSV_MESSAGE });
    expect(readBulkCsv('phone,type\r\n')).toEqual({
      error: 'The CSV file needs a header row and at least one vend',
    });
    expect(readBulkCsv('phone,type,colour\r\n0803,AIRTIME,red')).toEqual({
      error: 'Unknown column: colour (use phone, network, type, amount, planCode, reference)',
    });
    expect(readBulkCsv('phone,amount\r\n0803,500')).toEqual({
      error: 'The CSV file needs the columns phone and type',
    });
    const many = ['phone,type', ...Array.from({ length: MAX_BULK_ROWS + 1 }, () => '0803,AIRTIME')].join(
      '\n',
    );
    expect(readBulkCsv(many)).toEqual({ error: `A file holds at most ${MAX_BULK_ROWS} vends` });
  });
});

describe('[BILLS-BULK] the bulk bills file', () => {
  it('accepts the column names people write and reads each row', () => {
    expect(billColumnKey('Customer Number')).toBe('customerNumber');
    expect(billColumnKey('meter-type')).toBe('meterType');
    expect(billColumnKey('Bouquet code')).toBe('bouquet');
    expect(billColumnKey('colour')).toBeNull();
    const r = readBillsCsv(
      `${BILL_BULK_COLUMNS.join(',')}\r\nikedc, 1111111111111 ,prepaid,5000,,08031234567,\r\nDSTV,1212121212,,,renew,08031234567,r-2\r\n`,
    );
    expect(r).toEqual({
      rows: [
        {
          biller: 'ikedc',
          customerNumber: '1111111111111',
          meterType: 'prepaid',
          amount: '5000',
          phone: '08031234567',
        },
        {
          biller: 'DSTV',
          customerNumber: '1212121212',
          bouquet: 'renew',
          phone: '08031234567',
          reference: 'r-2',
        },
      ],
    });
  });

  it('turns the bouquet cell into RENEW or CHANGE, and refuses files it cannot read', () => {
    expect(billPayBodyOfCsvRow({ biller: 'DSTV', bouquet: 'Renew', phone: '0803' }, 'B-1')).toMatchObject({
      reference: 'B-1',
      subscriptionType: 'RENEW',
      bouquetCode: undefined,
    });
    expect(billPayBodyOfCsvRow({ biller: 'DSTV', bouquet: 'dstv79' }, 'B-2')).toMatchObject({
      subscriptionType: 'CHANGE',
      bouquetCode: 'dstv79',
      phone: '',
    });
    expect(billPayBodyOfCsvRow({ biller: 'IKEDC', meterType: 'prepaid' }, 'B-3')).toMatchObject({
      meterType: 'PREPAID',
      subscriptionType: undefined,
    });
    expect(readBillsCsv('biller,amount\r\nIKEDC,5\r\n')).toEqual({
      error: 'The CSV file needs the columns biller and customerNumber and phone',
    });
    const many = `biller,customerNumber,phone\r\n${'IKEDC,1111111111111,08031234567\r\n'.repeat(MAX_BULK_BILL_ROWS + 1)}`;
    expect(readBillsCsv(many)).toEqual({ error: `A file holds at most ${MAX_BULK_BILL_ROWS} bills` });
  });
});
