// The OpenAPI tag and the response envelopes the auth routes share.
import { sessionUser, successEnvelope } from '@vendport/shared';
import { z } from 'zod';

export const tags = ['Auth'];
export const message = successEnvelope(z.null());
export const userData = successEnvelope(z.object({ user: sessionUser }));
