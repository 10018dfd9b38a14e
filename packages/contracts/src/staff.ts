import { z } from 'zod';
import { fieldMessage } from './messages';
import { safeText } from './text';

/**
 * The staff side's sign-in and accounts. Staff sign in with an email and a password; the session travels as an
 * HttpOnly cookie, and every call that changes something also carries X-XSRF-TOKEN (the XSRF-TOKEN cookie's value).
 */
export const STAFF_ROLES = ['owner', 'staff'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The session cookie (HttpOnly) and the CSRF cookie the pages echo in the X-XSRF-TOKEN header. */
export const STAFF_SESSION_COOKIE = 'staff_session';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

/** At least 12 characters (a passphrase), at most 200 (hashing cost stays bounded). */
export const passwordSchema = z
  .string(fieldMessage('must be text'))
  .min(12, { message: 'must be at least 12 characters' })
  .max(200, { message: 'must be at most 200 characters' })
  .refine((value) => value.trim().length >= 12, { message: 'must have at least 12 characters that are not spaces' });

export const staffEmailSchema = z
  .email({ message: 'must be an email address' })
  .max(254, { message: 'must be at most 254 characters' })
  .transform((email) => email.toLowerCase());

export const staffNameSchema = safeText({ message: 'is required' }).trim().min(1, { message: 'is required' }).max(80, { message: 'must be at most 80 characters' });

/** POST /account/authenticate. The password is checked as typed; only its length is limited here. */
export const authenticateBodySchema = z.strictObject({
  email: safeText({ message: 'is required' }).trim().min(1, { message: 'is required' }).max(254, { message: 'must be at most 254 characters' }),
  password: z.string(fieldMessage('must be text')).min(1, { message: 'is required' }).max(200, { message: 'must be at most 200 characters' }),
});
export type AuthenticateBody = z.infer<typeof authenticateBodySchema>;

export const staffMemberSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    name: z.string(),
    role: z.enum(STAFF_ROLES),
    disabled: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'StaffMember' });
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** POST /account/authenticate and GET /account/session: who is signed in, until when, and the CSRF token to echo. */
export const staffSessionSchema = z
  .object({
    staff: staffMemberSchema,
    /** When the session ends if it is not used again (30 minutes idle), and at the latest (12 hours after sign-in). */
    idleExpiresAt: z.string(),
    expiresAt: z.string(),
    /** The value of the XSRF-TOKEN cookie, for pages that cannot read cookies. */
    csrfToken: z.string(),
  })
  .meta({ id: 'StaffSession' });
export type StaffSession = z.infer<typeof staffSessionSchema>;

/** POST /admin-staff (owners): a new account. */
export const createStaffBodySchema = z.strictObject({
  email: staffEmailSchema,
  name: staffNameSchema,
  role: z.enum(STAFF_ROLES, fieldMessage('must be owner or staff')),
  password: passwordSchema,
});
export type CreateStaffBody = z.infer<typeof createStaffBodySchema>;

/** PATCH /admin-staff/{id} (owners): rename, change role, disable or enable, set a new password. */
export const updateStaffBodySchema = z
  .strictObject({
    name: staffNameSchema.optional(),
    role: z.enum(STAFF_ROLES, fieldMessage('must be owner or staff')).optional(),
    disabled: z.boolean(fieldMessage('must be true or false')).optional(),
    password: passwordSchema.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'Say what to change: name, role, disabled or password.' });
export type UpdateStaffBody = z.infer<typeof updateStaffBodySchema>;

export const staffIdParamsSchema = z.object({ id: z.uuid({ message: 'must be a staff account id' }) });
export const staffListResponseSchema = z.object({ staff: z.array(staffMemberSchema) }).meta({ id: 'StaffList' });
