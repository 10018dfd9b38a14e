import { randomUUID } from 'node:crypto';
import type { CreateStaffBody, StaffMember, StaffRole, UpdateStaffBody } from '@charms/contracts/staff';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { type StaffAccountRow, staffAccounts } from '../db/schema';
import { HttpError, notFound } from '../http-error';
import { type Actor, recordAudit } from './audit';
import { hashPassword } from './passwords';
import { endAllSessions } from './sessions';

export const presentStaff = (row: StaffAccountRow): StaffMember => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  disabled: row.disabledAt !== null,
  createdAt: row.createdAt.toISOString(),
});

const emailTaken = () => new HttpError(409, 'EMAIL_TAKEN', 'Another staff account already uses this email.');

export async function findStaffByEmail(db: Db, email: string): Promise<StaffAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(staffAccounts)
    .where(sql`lower(${staffAccounts.email}) = lower(${email})`);
  return row;
}

export async function listStaff(db: Db): Promise<StaffMember[]> {
  return (await db.select().from(staffAccounts).orderBy(asc(staffAccounts.name))).map(presentStaff);
}

/** Who `npm run admin:create` is in the audit trail: whoever can run commands on the shop's server. */
export const COMMAND_LINE_ACTOR: Actor = { name: 'Command line (admin:create)' };

/**
 * Creates an account, or (for `npm run admin:create`) resets the one with that email: new password, role and name,
 * enabled again, and its open sessions ended. Returns whether it was created.
 */
export async function createOrResetStaff(
  db: Db,
  input: { email: string; password: string; role: StaffRole; name?: string },
  actor: Actor = COMMAND_LINE_ACTOR,
): Promise<{ created: boolean; staff: StaffMember }> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const existing = await findStaffByEmail(tx, input.email);
    const [row] = existing
      ? await tx
          .update(staffAccounts)
          .set({ passwordHash, role: input.role, name: input.name ?? existing.name, disabledAt: null, updatedAt: sql`now()` })
          .where(eq(staffAccounts.id, existing.id))
          .returning()
      : await tx
          .insert(staffAccounts)
          .values({ id: randomUUID(), email: input.email.toLowerCase(), name: input.name ?? input.email.split('@')[0]!, role: input.role, passwordHash })
          .returning();
    if (existing) await endAllSessions(tx, existing.id);
    const action = existing ? 'staff.reset' : 'staff.created';
    await recordAudit(tx, actor, { subjectType: 'staff_account', subjectId: row!.id, action, details: { email: row!.email, role: row!.role } });
    return { created: !existing, staff: presentStaff(row!) };
  });
}

/** An owner adds an account from the admin. */
export async function addStaff(db: Db, actor: Actor, body: CreateStaffBody): Promise<StaffMember> {
  if (await findStaffByEmail(db, body.email)) throw emailTaken();
  const passwordHash = await hashPassword(body.password);
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [row] = await tx
      .insert(staffAccounts)
      .values({ id: randomUUID(), email: body.email, name: body.name, role: body.role, passwordHash })
      .onConflictDoNothing()
      .returning();
    if (!row) throw emailTaken();
    await recordAudit(tx, actor, { subjectType: 'staff_account', subjectId: row.id, action: 'staff.created', details: { email: row.email, role: row.role } });
    return presentStaff(row);
  });
}

/**
 * An owner changes an account. Disabling it or setting its password ends its open sessions at once (an owner who
 * sets their own password keeps the session they did it from: `currentSession`). An owner cannot disable or
 * demote themself (the shop would be left without anyone able to manage staff).
 */
export async function updateStaff(db: Db, actor: Actor & { id: string }, id: string, body: UpdateStaffBody, currentSession?: string): Promise<StaffMember> {
  if (id === actor.id && (body.disabled === true || body.role === 'staff')) {
    throw new HttpError(409, 'OWN_ACCOUNT', 'You cannot disable your own account or take away your own owner role; ask another owner.');
  }
  const passwordHash = body.password === undefined ? undefined : await hashPassword(body.password);
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [row] = await tx
      .update(staffAccounts)
      .set({
        ...(body.name === undefined ? {} : { name: body.name }),
        ...(body.role === undefined ? {} : { role: body.role }),
        ...(body.disabled === undefined ? {} : { disabledAt: body.disabled ? sql`coalesce(${staffAccounts.disabledAt}, now())` : null }),
        ...(passwordHash === undefined ? {} : { passwordHash }),
        updatedAt: sql`now()`,
      })
      .where(eq(staffAccounts.id, id))
      .returning();
    if (!row) throw notFound('There is no staff account with this id.');
    if (body.disabled === true || passwordHash !== undefined) await endAllSessions(tx, id, id === actor.id ? currentSession : undefined);
    const changed = { ...body, ...(body.password === undefined ? {} : { password: 'reset' }) };
    await recordAudit(tx, actor, { subjectType: 'staff_account', subjectId: id, action: 'staff.updated', details: changed });
    return presentStaff(row);
  });
}
