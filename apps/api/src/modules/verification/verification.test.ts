// Business verification end to end over HTTP: documents checked by content and size, a client's
// documents invisible to others, the request, and the admin's decisions with their spec §5
// messages, the Review path after a decline, and one transition when two approvals race.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCorporateMember,
  createAdmin,
  createCorporate,
  lastEmailTo,
  TEST_PASSWORD,
  type TestUser,
} from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/harness';
import { call, type MultipartFile, multipart, PDF, PNG } from '../funding/funding.fixtures';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdmin(t.app);
});
afterAll(async () => {
  await t?.close();
});

const pdf = (name = 'cac.pdf'): MultipartFile => ({
  name,
  type: 'application/pdf',
  data: PDF,
  field: 'documents',
});
const png = (name = 'id.png'): MultipartFile => ({ name, type: 'image/png', data: PNG, field: 'documents' });
const upload = (u: TestUser, files: MultipartFile[], kind = 'CERTIFICATE_OF_INCORPORATION') =>
  call(t.app, u, { method: 'POST', url: '/api/v1/upload-documents', ...multipart({ kind }, files) });
const uploadTyped = (u: TestUser, files: MultipartFile[], kinds: string[]) =>
  call(t.app, u, { method: 'POST', url: '/api/v1/upload-documents', ...multipart({ kinds }, files) });
const changeKind = (u: TestUser, documentId: string, kind: string) =>
  call(t.app, u, { method: 'POST', url: '/api/v1/update-document-kind', payload: { documentId, kind } });
const requestReview = (u: TestUser) =>
  call(t.app, u, { method: 'POST', url: '/api/v1/request-verification' });
const details = (u: TestUser, id: string) =>
  call(t.app, u, { method: 'GET', url: `/api/v1/verification-details/${id}` });
const verify = (corporateId: string, body: Record<string, unknown> = {}) =>
  call(t.app, admin, {
    method: 'PUT',
    url: '/api/v1/verifications/verify',
    payload: { corporateId, password: TEST_PASSWORD, ...body },
  });
const decline = (corporateId: string, body: Record<string, unknown> = {}) =>
  call(t.app, admin, {
    method: 'PUT',
    url: '/api/v1/verifications/decline',
    payload: { corporateId, password: TEST_PASSWORD, reason: 'The CAC certificate is unreadable', ...body },
  });
const statusOf = async (id: string) =>
  (
    await t.app.ctx.dbHandle.query<{ verification_status: string }>(
      'select verification_status from corporates where id = $1',
      [id],
    )
  )[0].verification_status;
const notificationsOf = async (userId: string, subject: string) =>
  (
    await t.app.ctx.dbHandle.query<{ n: number }>(
      'select count(*)::int as n from notifications where user_id = $1 and subject = $2',
      [userId, subject],
    )
  )[0].n;
const auditActions = async (corporateId: string) =>
  (
    await t.app.ctx.dbHandle.query<{ action: string }>(
      "select action from audit_logs where corporate_id = $1 and action like 'verification.%' order by created_at",
      [corporateId],
    )
  ).map((r) => r.action);

/** A client with two documents and a request on file. */
async function requested() {
  const c = await createCorporate(t.app);
  expect((await upload(c, [pdf(), png()])).statusCode).toBe(201);
  expect((await requestReview(c)).statusCode).toBe(200);
  return c;
}

describe('[VERIFICATION] documents', () => {
  it('[VERIFICATION] several files in one upload, typed from content; the table keeps name, mime, size, sha256', async () => {
    const c = await createCorporate(t.app);
    const res = await upload(c, [pdf('cac.pdf'), png('director id.png')], 'DIRECTOR_ID');
    expect(res.statusCode).toBe(201);
    const docs = res.json().data;
    expect(docs).toHaveLength(2);
    expect(docs.map((d: { mime: string }) => d.mime).sort()).toEqual(['application/pdf', 'image/png']);
    expect(docs[0]).toMatchObject({ kind: 'DIRECTOR_ID' });
    const rows = await t.app.ctx.dbHandle.query<{ sha256: string; storage_key: string; size_bytes: string }>(
      'select sha256, storage_key, size_bytes from verification_documents where corporate_id = $1',
      [c.corporateId],
    );
    expect(rows).toHaveLength(2);
    for (const r of rows) {
      expect(r.sha256).toMatch(/^[0-9a-f]{64}$/);
      // The key is generated: a fixed folder, a UUID and the type's extension, never the file's name.
      expect(r.storage_key).toMatch(/^verification\/[0-9a-f-]{36}\.(pdf|png)$/);
    }
    const file = await call(t.app, c, {
      method: 'GET',
      url: docs.find((d: { mime: string }) => d.mime === 'image/png').documentUrl,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(file.rawPayload, PNG)).toBe(0);
    expect(await auditActions(c.corporateId)).toEqual(['verification.upload']);
  });

  it('[VERIFICATION] a PNG named .pdf, a script named .png and an unknown kind are refused, nothing stored', async () => {
    const c = await createCorporate(t.app);
    const renamed = await upload(c, [
      { name: 'cac.pdf', type: 'application/pdf', data: PNG, field: 'documents' },
    ]);
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().message).toBe(
      'cac.pdf is a PNG image, not a PDF: rename it or choose the right file',
    );
    const unnamed = await upload(c, [
      { name: 'scan', type: 'application/pdf', data: PNG, field: 'documents' },
    ]);
    expect(unnamed.statusCode).toBe(201);
    expect(unnamed.json().data[0].mime).toBe('image/png');

    const script = await upload(c, [
      pdf('ok.pdf'),
      { name: 'logo.png', type: 'image/png', data: Buffer.from('#!/bin/sh\nrm -rf /\n'), field: 'documents' },
    ]);
    expect(script.statusCode).toBe(400);
    expect(script.json().message).toBe('logo.png is not a PDF, PNG or JPEG file');
    const kind = await upload(c, [pdf()], 'PASSPORT_PHOTO');
    expect(kind.statusCode).toBe(400);
    expect(kind.json().message).toMatch(/kind of document/);
    const none = await upload(c, []);
    expect(none.statusCode).toBe(400);
    expect((await details(c, c.corporateId)).json().data.documents).toHaveLength(1);
  });

  it('[VERIFICATION] a file over 5 MB is refused with a clear 413 and nothing is stored', async () => {
    const c = await createCorporate(t.app);
    const big = await upload(c, [
      {
        name: 'scan.pdf',
        type: 'application/pdf',
        data: Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]),
        field: 'documents',
      },
    ]);
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'scan.pdf is larger than 5 MB: each document must be 5 MB or smaller',
    });
    expect((await details(c, c.corporateId)).json().data.documents).toHaveLength(0);
  });

  it('[VERIFICATION] a client cannot read, fetch or delete another client’s documents (404)', async () => {
    const a = await createCorporate(t.app);
    const b = await createCorporate(t.app);
    const doc = (await upload(a, [pdf()])).json().data[0];
    expect((await details(b, a.corporateId)).statusCode).toBe(404);
    expect((await call(t.app, b, { method: 'GET', url: doc.documentUrl })).statusCode).toBe(404);
    const del = await call(t.app, b, {
      method: 'POST',
      url: '/api/v1/delete-document',
      payload: { documentId: doc.documentId },
    });
    expect(del.statusCode).toBe(404);
    expect((await details(a, a.corporateId)).json().data.documents).toHaveLength(1);
    // An admin reads any client's documents.
    expect((await details(admin, a.corporateId)).json().data.documents).toHaveLength(1);
    expect((await call(t.app, admin, { method: 'GET', url: doc.documentUrl })).statusCode).toBe(200);
  });

  it('[VERIFICATION] the owner deletes its own document (file gone too), but not once verified', async () => {
    const c = await requested();
    const [first, second] = (await details(c, c.corporateId)).json().data.documents;
    const del = await call(t.app, c, {
      method: 'POST',
      url: '/api/v1/delete-document',
      payload: { documentId: first.documentId },
    });
    expect(del.statusCode).toBe(200);
    expect((await call(t.app, c, { method: 'GET', url: first.documentUrl })).statusCode).toBe(404);
    expect((await verify(c.corporateId)).statusCode).toBe(200);
    const late = await call(t.app, c, {
      method: 'POST',
      url: '/api/v1/delete-document',
      payload: { documentId: second.documentId },
    });
    expect(late.statusCode).toBe(409);
    expect((await upload(c, [pdf()])).statusCode).toBe(409);
  });
});

describe('[VERIFICATION] request and review', () => {
  it('[VERIFICATION] a request needs a document, sets verificationRequestedAt, and is not made twice', async () => {
    const c = await createCorporate(t.app);
    const empty = await requestReview(c);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Upload at least one document before requesting verification');
    await upload(c, [pdf()]);
    const ok = await requestReview(c);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.verificationRequestedAt).not.toBeNull();
    expect((await requestReview(c)).statusCode).toBe(409);
    const list = await call(t.app, admin, {
      method: 'GET',
      url: `/api/v1/verifications/pending?search=${encodeURIComponent(c.email.replace('user-', 'corp-'))}`,
    });
    expect(list.json().data).toHaveLength(1);
    expect(list.json().data[0]).toMatchObject({
      id: c.corporateId,
      documentsCount: 1,
      verificationStatus: 'PENDING',
    });
  });

  it('[VERIFICATION] approve and decline: missing or wrong password, missing reason (spec §5 messages); nothing changes', async () => {
    const c = await requested();
    const noPassword = await verify(c.corporateId, { password: '' });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().errors).toContain('Please enter your password');
    const missing = await call(t.app, admin, {
      method: 'PUT',
      url: '/api/v1/verifications/verify',
      payload: { corporateId: c.corporateId },
    });
    expect(missing.json().errors).toContain('Please enter your password');
    const wrong = await verify(c.corporateId, { password: 'not-my-password' });
    expect(wrong.statusCode).toBeGreaterThanOrEqual(400);
    expect(wrong.statusCode).toBeLessThan(500);
    expect(wrong.json().success).toBe(false);
    const noReason = await decline(c.corporateId, { reason: '   ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toContain('Please enter your reason');
    const neither = await call(t.app, admin, {
      method: 'PUT',
      url: '/api/v1/verifications/decline',
      payload: { corporateId: c.corporateId },
    });
    expect(neither.json().errors).toEqual(
      expect.arrayContaining(['Please enter your password', 'Please enter your reason']),
    );
    expect((await decline(c.corporateId, { password: 'wrong-password-1' })).json().success).toBe(false);
    expect(await statusOf(c.corporateId)).toBe('PENDING');
    expect(await auditActions(c.corporateId)).not.toContain('verification.decline');
  });

  it('[VERIFICATION] decline (reason, notified in-app and by email), then approve refused unless through Review', async () => {
    const c = await requested();
    const res = await decline(c.corporateId);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Account has been successfully declined. The client has been informed.');
    expect(res.json().data).toMatchObject({
      verificationStatus: 'DECLINED',
      declineReason: 'The CAC certificate is unreadable',
    });
    expect(await notificationsOf(c.id, 'Business verification declined')).toBe(1);
    expect((await lastEmailTo(t.app, c.email.replace('user-', 'corp-')))?.subject).toBe(
      'Business verification declined',
    );
    const seen = (await details(c, c.corporateId)).json().data;
    expect(seen).toMatchObject({
      verificationStatus: 'DECLINED',
      declineReason: 'The CAC certificate is unreadable',
    });

    // Irreversible: no second decline, no plain approval.
    expect((await decline(c.corporateId)).statusCode).toBe(409);
    const plain = await verify(c.corporateId);
    expect(plain.statusCode).toBe(409);
    expect(plain.json().message).toBe('This account was declined: approve it through Review');

    // The client must upload something new before asking again.
    const again = await requestReview(c);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Upload at least one new document before asking for another review');
    await upload(c, [pdf('cac-clear.pdf')]);
    expect((await requestReview(c)).statusCode).toBe(200);
    expect((await requestReview(c)).statusCode).toBe(409);

    const review = await verify(c.corporateId);
    expect(review.statusCode).toBe(200);
    expect(review.json().message).toBe('Account has been successfully approved.');
    expect(review.json().data).toMatchObject({ verificationStatus: 'VERIFIED', documentsCount: 3 });
    expect(await notificationsOf(c.id, 'Business verified')).toBe(1);
    // VERIFIED is final: nothing more.
    expect((await verify(c.corporateId)).statusCode).toBe(409);
    expect((await verify(c.corporateId, { review: true })).statusCode).toBe(409);
    expect((await decline(c.corporateId)).statusCode).toBe(409);
    expect(await auditActions(c.corporateId)).toEqual([
      'verification.upload',
      'verification.request',
      'verification.decline',
      'verification.upload',
      'verification.request',
      'verification.approve',
    ]);
  });

  it('[VERIFICATION] Review approves a declined account without a new request', async () => {
    const c = await requested();
    expect((await decline(c.corporateId)).statusCode).toBe(200);
    const review = await verify(c.corporateId, { review: true });
    expect(review.statusCode).toBe(200);
    expect(review.json().data).toMatchObject({ verificationStatus: 'VERIFIED' });
    expect(await auditActions(c.corporateId)).toContain('verification.review-approve');
  });

  it('[VERIFICATION] a new request after a decline is PENDING again: listed, counted, and can be declined again', async () => {
    const c = await requested();
    expect((await decline(c.corporateId)).statusCode).toBe(200);
    await upload(c, [pdf('cac-clear.pdf')]);
    const again = await requestReview(c);
    expect(again.statusCode).toBe(200);
    // PENDING again, the previous decline's reason kept as history.
    expect(again.json().data).toMatchObject({
      verificationStatus: 'PENDING',
      declineReason: 'The CAC certificate is unreadable',
    });
    expect(await statusOf(c.corporateId)).toBe('PENDING');
    const pending = await call(t.app, admin, {
      method: 'GET',
      url: '/api/v1/verifications/pending?limit=100',
    });
    expect(pending.json().data.map((r: { id: string }) => r.id)).toContain(c.corporateId);
    const declined = await call(t.app, admin, {
      method: 'GET',
      url: '/api/v1/verifications/declined?limit=100',
    });
    expect(declined.json().data.map((r: { id: string }) => r.id)).not.toContain(c.corporateId);
    const home = await call(t.app, admin, { method: 'GET', url: '/api/v1/admin-dashboard-data-v2' });
    expect(home.statusCode).toBe(200);
    const pv = home.json().data.pendingVerifications;
    expect(pv.total).toBeGreaterThan(0);
    // Review is for a declined account; this one waits for Approve or Decline.
    expect((await verify(c.corporateId, { review: true })).json().message).toBe(
      'Only a declined account can be reviewed: use Approve',
    );
    const second = await decline(c.corporateId, { reason: 'The address proof is older than 3 months' });
    expect(second.statusCode).toBe(200);
    expect(second.json().data).toMatchObject({
      verificationStatus: 'DECLINED',
      declineReason: 'The address proof is older than 3 months',
    });
    expect(await notificationsOf(c.id, 'Business verification declined')).toBe(2);
    expect(await auditActions(c.corporateId)).toEqual([
      'verification.upload',
      'verification.request',
      'verification.decline',
      'verification.upload',
      'verification.request',
      'verification.decline',
    ]);
  });

  it('[VERIFICATION] Review only for a declined account; no decision before a request', async () => {
    const c = await requested();
    expect((await verify(c.corporateId, { review: true })).json().message).toBe(
      'Only a declined account can be reviewed: use Approve',
    );
    const fresh = await createCorporate(t.app);
    expect((await verify(fresh.corporateId)).json().message).toBe(
      'This client has not requested verification yet',
    );
    expect((await decline(fresh.corporateId)).statusCode).toBe(409);
    const unknown = await verify('00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
  });

  it('[VERIFICATION] two approvals at once: one transition, one notification, one audit entry', async () => {
    const c = await requested();
    const results = await Promise.all([verify(c.corporateId), verify(c.corporateId), verify(c.corporateId)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await statusOf(c.corporateId)).toBe('VERIFIED');
    expect(await notificationsOf(c.id, 'Business verified')).toBe(1);
    expect((await auditActions(c.corporateId)).filter((a) => a === 'verification.approve')).toHaveLength(1);
  });

  it('[VERIFICATION] the Business Account data: totals, details, documents; the list filters by status', async () => {
    const c = await requested();
    const show = await call(t.app, admin, {
      method: 'GET',
      url: `/api/v1/verifications/${c.corporateId}/show`,
    });
    expect(show.statusCode).toBe(200);
    expect(show.json().data).toMatchObject({
      id: c.corporateId,
      totalFunding: 0,
      availableBalance: 0,
      clientType: 'PREPAID',
      verificationStatus: 'PENDING',
      documentsCount: 2,
    });
    expect(show.json().data.documents).toHaveLength(2);
    await decline(c.corporateId);
    const declined = await call(t.app, admin, {
      method: 'GET',
      url: '/api/v1/verifications/DECLINED?limit=100',
    });
    expect(declined.json().data.map((r: { id: string }) => r.id)).toContain(c.corporateId);
    const pending = await call(t.app, admin, {
      method: 'GET',
      url: '/api/v1/verifications/pending?limit=100',
    });
    expect(pending.json().data.map((r: { id: string }) => r.id)).not.toContain(c.corporateId);
    const bad = await call(t.app, admin, { method: 'GET', url: '/api/v1/verifications/everything' });
    expect(bad.statusCode).toBe(400);
    const client = await call(t.app, c, {
      method: 'GET',
      url: `/api/v1/verifications/${c.corporateId}/show`,
    });
    expect(client.statusCode).toBe(403);
  });
});

describe('[VERIFICATION] each document its own type', () => {
  it('[VERIFICATION] a multi-file upload files each document under its own type', async () => {
    const c = await createCorporate(t.app);
    const res = await uploadTyped(
      c,
      [pdf('cac.pdf'), png('id.png')],
      ['CERTIFICATE_OF_INCORPORATION', 'DIRECTOR_ID'],
    );
    expect(res.statusCode).toBe(201);
    expect(
      res.json().data.map((d: { originalName: string; kind: string }) => [d.originalName, d.kind]),
    ).toEqual(
      expect.arrayContaining([
        ['cac.pdf', 'CERTIFICATE_OF_INCORPORATION'],
        ['id.png', 'DIRECTOR_ID'],
      ]),
    );
    // A type per file, or one for all: two files and three types is refused, as is none.
    const mismatch = await uploadTyped(c, [pdf('a.pdf'), pdf('b.pdf')], ['DIRECTOR_ID', 'OTHER', 'OTHER']);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe(
      'Choose a document type for each file: 2 files and 3 types were sent',
    );
    const none = await call(t.app, c, {
      method: 'POST',
      url: '/api/v1/upload-documents',
      ...multipart({}, [pdf('a.pdf')]),
    });
    expect(none.statusCode).toBe(400);
    const bad = await uploadTyped(c, [pdf('a.pdf')], ['PASSPORT_PHOTO']);
    expect(bad.statusCode).toBe(400);
  });

  it('[VERIFICATION] the client changes a document’s type until verified; audited; another client cannot', async () => {
    const c = await createCorporate(t.app);
    const up = await uploadTyped(c, [pdf('bill.pdf')], ['OTHER']);
    const doc = up.json().data[0] as { documentId: string };
    const res = await changeKind(c, doc.documentId, 'UTILITY_BILL');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Document type changed');
    expect(res.json().data).toMatchObject({ documentId: doc.documentId, kind: 'UTILITY_BILL' });
    expect((await details(c, c.corporateId)).json().data.documents[0].kind).toBe('UTILITY_BILL');
    const audit = await t.app.ctx.dbHandle.query<{ summary: { before: unknown; after: unknown } }>(
      "select summary from audit_logs where action = 'verification.document-kind' and target_id = $1",
      [doc.documentId],
    );
    expect(audit).toHaveLength(1);
    expect(audit[0].summary).toMatchObject({ before: { kind: 'OTHER' }, after: { kind: 'UTILITY_BILL' } });

    // Someone else's document is not found; an admin or no token cannot; a bad type is a 400.
    const other = await createCorporate(t.app);
    expect((await changeKind(other, doc.documentId, 'OTHER')).statusCode).toBe(404);
    expect((await changeKind(admin, doc.documentId, 'OTHER')).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/update-document-kind',
      payload: { documentId: doc.documentId, kind: 'OTHER' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await changeKind(c, doc.documentId, 'NOT_A_KIND')).statusCode).toBe(400);
    const reader = await addCorporateMember(t.app, c.corporateId, ['dashboard.view']);
    expect((await changeKind(reader, doc.documentId, 'OTHER')).statusCode).toBe(403);

    // Once verified, the documents are final.
    expect((await requestReview(c)).statusCode).toBe(200);
    expect((await verify(c.corporateId)).statusCode).toBe(200);
    const late = await changeKind(c, doc.documentId, 'OTHER');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(
      'Your business is already verified: its documents can no longer be changed',
    );
  });
});
