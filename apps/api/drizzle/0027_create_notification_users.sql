-- Issue 31: the notifications module's read model of users (scripts/table-owners.mjs: users and
-- roles belong to auth, this view to notifications). Notifications choose their recipients (a
-- user, a client's team, the admins whose role holds a permission) and check whose a set-up is;
-- auth raises notifications (password, two-factor, API keys, sign-up), so notifications sit below
-- it and cannot ask it: they read these columns of the users that are not deleted, with their
-- role's permissions, and nothing else. A plain projection and join: PostgreSQL inlines it.
CREATE VIEW "notification_users" AS
SELECT u."id", u."email", u."area", u."corporate_id", u."status", r."permissions"
  FROM "users" u
  LEFT JOIN "roles" r ON r."id" = u."role_id"
 WHERE u."deleted_at" IS NULL;
