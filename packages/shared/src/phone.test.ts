import { describe, expect, it } from 'vitest';
import { normaliseMsisdn, suggestNetwork } from './phone';

describe('[PHONE] Nigerian numbers', () => {
  it.each([
    ['08031234567', '+2348031234567'],
    ['2348031234567', '+2348031234567'],
    ['+2348031234567', '+2348031234567'],
    ['8031234567', '+2348031234567'],
    ['0803 123 4567', '+2348031234567'],
    ['0803-123-4567', '+2348031234567'],
  ])('[PHONE] %s normalises to %s', (input, out) => {
    expect(normaliseMsisdn(input)).toBe(out);
  });

  it.each(['0803123456', '080312345678', '+14155550123', '06031234567', 'abc', '', '+234803123456a'])(
    '[PHONE] %s is refused',
    (input) => {
      expect(normaliseMsisdn(input)).toBeNull();
    },
  );

  it.each([
    ['08031234567', 'MTN'],
    ['07025123456', 'MTN'],
    ['08021234567', 'AIRTEL'],
    ['08051234567', 'GLO'],
    ['08091234567', '9MOBILE'],
    ['+2349051234567', 'GLO'],
  ])('[PHONE] %s is suggested as %s', (input, network) => {
    expect(suggestNetwork(input)).toBe(network);
  });
});
