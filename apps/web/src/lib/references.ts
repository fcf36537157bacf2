// References the portal gives a purchase or a bulk file, in the look of the server's own
// (PTL-QX2P4X65SAXD): a prefix and random characters without look-alikes (no I, L, O, U).
// One is made per confirmed purchase or chosen file, so that a retry can never vend twice.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

function randomCode(length: number): string {
  const bytes = new Uint8Array(length);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
}

/** PTL- and 14 characters (70 bits): one purchase. */
export const portalReference = () => `PTL-${randomCode(14)}`;
/** BLK- and 12 characters: one file; its rows become BLK-...-1, BLK-...-2 ... */
export const batchReference = () => `BLK-${randomCode(12)}`;
