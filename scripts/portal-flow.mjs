// The portal's first steps through its HTTP API, as an operator's first hour takes them: the first
// admin signs in with the password the server printed once, changes it and passes the emailed
// second factor; a client registers, verifies its email, is given services and funded; it vends.
// Shared by npm run test:deploy (through the proxy) and npm run test:upgrade (a previous release).
// `codeFor(to, subject)` reads the newest 6-digit code emailed to `to` from the development outbox.

export const ADMIN_EMAIL = 'admin@vendport.local';
export const ADMIN_PASSWORD = 'Deploy-Admin-Lagos-Passphrase-7';
export const CLIENT_PASSWORD = 'Lagos-Vend-deploy-42';

/** A call of /api/v1/<url>; its data, or a throw with the status and message. */
export async function apiCall(base, method, url, body, token) {
  const res = await fetch(`${base}/api/v1/${url}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(30_000),
  });
  const json = await res.json().catch(() => ({}));
  if (res.status >= 300) {
    const err = new Error(`${method} ${url}: HTTP ${res.status} ${json.message ?? ''}`);
    err.status = res.status;
    // What the refusal told the client: its message (empty when the body was not the envelope)
    // and how long it was asked to wait.
    err.reason = typeof json.message === 'string' ? json.message : '';
    err.retryAfter = res.headers.get('retry-after');
    throw err;
  }
  return json.data;
}

/** The newest code in a list of outbox mails (GET /api/v1/dev/outbox's data). */
export function codeIn(mails, to, subject) {
  const mail = mails.find((m) => m.to === to && subject.test(m.subject));
  const code = mail && /\b(\d{6})\b/.exec(mail.text);
  if (!code) throw new Error(`no code emailed to ${to} (${subject})`);
  return code[1];
}

/** The first admin signed in: default password changed, second factor passed. Its token. */
export async function signInFirstAdmin(base, printedPassword, codeFor) {
  const login = await apiCall(base, 'POST', 'login', { email: ADMIN_EMAIL, password: printedPassword });
  await apiCall(
    base,
    'POST',
    'change-password',
    { current_password: printedPassword, new_password: ADMIN_PASSWORD, confirm_password: ADMIN_PASSWORD },
    login.access_token,
  );
  await apiCall(
    base,
    'POST',
    '2fa',
    { code: await codeFor(ADMIN_EMAIL, /sign-in code/i) },
    login.access_token,
  );
  return login.access_token;
}

/** A client registered and verified, given the aggregator's services and `naira` in its wallet. */
export async function fundedClient(base, adminToken, codeFor, naira) {
  const email = `ops-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@deploy.vendport.test`;
  const reg = await apiCall(base, 'POST', 'register', {
    company_name: 'Deploy Check Ltd',
    first_name: 'Ada',
    last_name: 'Okafor',
    email,
    msisdn: '0803 123 4567',
    password: CLIENT_PASSWORD,
  });
  const token = reg.access_token;
  await apiCall(base, 'POST', 'verify-email', { code: await codeFor(email, /verify your email/i) }, token);
  await apiCall(base, 'POST', '2fa', { code: await codeFor(email, /sign-in code/i) }, token);
  const me = await apiCall(base, 'GET', 'me', undefined, token);
  const corporateId = me.user.corporate.id;
  const services = await apiCall(
    base,
    'GET',
    'services?status=ACTIVE&platform=AGGREGATOR',
    undefined,
    adminToken,
  );
  const serviceIds = services.map((s) => s.id);
  await apiCall(base, 'POST', 'services/assign', { corporateId, serviceIds }, adminToken);
  await apiCall(
    base,
    'POST',
    'fund',
    { corporateId, amount: String(naira), reason: 'Deploy check float', password: ADMIN_PASSWORD },
    adminToken,
  );
  return { token, corporateId, email };
}

/** One 100-naira airtime vend from the portal wallet under `reference`; the vend. */
export const vend = (base, token, reference) =>
  apiCall(base, 'POST', 'vend', { reference, phone: '08031234567', type: 'AIRTIME', amount: '100' }, token);
