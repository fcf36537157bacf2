// Roles, permissions, team members, audit trail and notifications (spec §7 Admin, Notifications).
import { z } from 'zod';
import { cursorQuery, listFilters } from '../pagination';
import { confirmPassword } from '../password';
import { emailSchema, msisdnSchema } from './auth';
import { csvFormat } from './fields';

export const roleBody = z.object({
  name: z
    .string({ error: 'Role name is required' })
    .trim()
    .min(1, 'Role name is required')
    .max(60, 'Role name is too long'),
  description: z.string().trim().max(300).optional().default(''),
  permissions: z.array(z.string()).min(1, 'Choose at least one permission'),
});
export const roleUpdateBody = roleBody.extend({ id: z.string().uuid('Unknown role') });
export const roleView = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  permissions: z.array(z.string()),
  isSystem: z.boolean(),
  usersCount: z.number().int(),
  createdAt: z.string(),
});
export type RoleView = z.infer<typeof roleView>;
export const permissionView = z.object({ name: z.string(), description: z.string() });

export const passwordConfirmBody = z.object({ password: confirmPassword });

export const teamMemberCreateBody = z.object({
  first_name: z.string().trim().min(1, 'First name is required').max(100),
  last_name: z.string().trim().min(1, 'Last name is required').max(100),
  email: emailSchema,
  msisdn: msisdnSchema.optional(),
  roleId: z.string().uuid('Choose a role'),
});
export const teamMemberUpdateBody = z.object({
  id: z.string().uuid(),
  first_name: z.string().trim().min(1, 'First name is required').max(100).optional(),
  last_name: z.string().trim().min(1, 'Last name is required').max(100).optional(),
  msisdn: msisdnSchema.optional(),
  roleId: z.string().uuid('Choose a role').optional(),
});
export const teamMemberView = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  msisdn: z.string().nullable(),
  status: z.enum(['ACTIVE', 'INACTIVE']),
  role: z.object({ id: z.string(), name: z.string() }).nullable(),
  defaultPassword: z.boolean(),
  /** How the member completes sign-in: an authenticator app, or codes emailed to them. */
  twoFactorMethod: z.enum(['TOTP', 'EMAIL']),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TeamMemberView = z.infer<typeof teamMemberView>;
export const teamListQuery = listFilters.extend({
  status: z.enum(['ACTIVE', 'INACTIVE']).optional(),
  /** The holders of one role (view-role). */
  roleId: z.string().uuid('Unknown role').optional(),
});

export const auditQuery = listFilters.extend({
  ...cursorQuery.shape,
  action: z.string().trim().max(100).optional(),
  actor: z.string().trim().max(254).optional(),
  targetType: z.string().trim().max(60).optional(),
  /** Admins only: one client's entries. Corporate callers are always scoped to their own. */
  corporateId: z.string().uuid('Choose a client from the list').optional(),
  format: csvFormat,
});
export type AuditQuery = z.input<typeof auditQuery>;
export const auditView = z.object({
  id: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  actorName: z.string().nullable(),
  actorRole: z.string().nullable(),
  area: z.string().nullable(),
  corporateId: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  summary: z.record(z.string(), z.unknown()),
  /** The names of the records the summary refers to by id (roles, users, clients, services). */
  names: z.record(z.string(), z.string()),
  createdAt: z.string(),
});
export type AuditView = z.infer<typeof auditView>;

export const notificationView = z.object({
  id: z.string(),
  userId: z.string(),
  subject: z.string(),
  body: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
  isRead: z.boolean(),
});
export type NotificationView = z.infer<typeof notificationView>;
export const notificationsQuery = z.object({ page: z.coerce.number().int().min(1).default(1) });
