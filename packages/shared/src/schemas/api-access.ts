// The client's IP allow-list for the vending API (spec §7 Settings).
import { z } from 'zod';
import { IP_OR_CIDR_MESSAGE, parseIpOrCidr } from '../ip';

export const ipAddBody = z.object({
  address: z
    .string({ error: 'Enter an IP address or CIDR range' })
    .trim()
    .min(1, 'Enter an IP address or CIDR range')
    .max(64, 'Enter an IP address or CIDR range')
    // The same parser the API applies: the form refuses exactly what the server would.
    .refine((v) => v === '' || v.length > 64 || parseIpOrCidr(v) !== null, IP_OR_CIDR_MESSAGE)
    .describe('An IPv4/IPv6 address or CIDR range, e.g. 203.0.113.7, 10.0.0.0/8, 2001:db8::/32'),
});

export const ipEntryView = z.object({ id: z.string(), address: z.string(), createdAt: z.string() });

export type IpEntryView = z.infer<typeof ipEntryView>;
