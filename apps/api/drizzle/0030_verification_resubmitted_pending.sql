-- Issue 36 (1): a client that asked for a new review after a decline is PENDING again, so the
-- Pending filter, the admin home's count and Approve/Decline all see it. Requests made before
-- this change left the status DECLINED with a request newer than the decision: move them. The
-- decline's reason and date stay on the row as history.
UPDATE "corporates"
   SET "verification_status" = 'PENDING'
 WHERE "verification_status" = 'DECLINED'
   AND "verification_requested_at" IS NOT NULL
   AND "verification_decided_at" IS NOT NULL
   AND "verification_requested_at" > "verification_decided_at";
