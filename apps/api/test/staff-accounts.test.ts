import { staffListResponseSchema, staffMemberSchema } from '@charms/contracts/staff';
import { describe, expect, it } from 'vitest';
import { auditTrail } from '../src/staff/audit';
import { errorOf, staffApi, useTestApp } from './helper';

const t = useTestApp();
const newMember = (email: string) => ({ email, name: 'Nora New', role: 'staff' as const, password: 'a long first password' });

describe('owners manage staff accounts', () => {
  it('lists, adds and changes accounts, each change on the audit trail without a password', async () => {
    const owner = await staffApi(t, { name: 'Olive Owner' });
    const added = await owner.call('POST', '/admin-staff', newMember('Nora@Charms.example'));
    expect(added.statusCode).toBe(201);
    const nora = staffMemberSchema.parse(added.json());
    expect(nora).toMatchObject({ email: 'nora@charms.example', name: 'Nora New', role: 'staff', disabled: false });
    const list = staffListResponseSchema.parse((await owner.call('GET', '/admin-staff')).json());
    expect(list.staff.map((member) => member.email)).toEqual(expect.arrayContaining([owner.email, 'nora@charms.example']));
    expect(JSON.stringify(list)).not.toMatch(/scrypt|password/i);

    const changed = await owner.call('PATCH', `/admin-staff/${nora.id}`, { name: 'Nora Newer', role: 'owner', password: 'a reset password here' });
    expect(changed.json()).toMatchObject({ name: 'Nora Newer', role: 'owner' });
    expect((await owner.call('PATCH', `/admin-staff/${nora.id}`, { disabled: true })).json()).toMatchObject({ disabled: true });

    const trail = await auditTrail(t.database.db, 'staff_account', nora.id);
    expect(trail.map((event) => [event.action, event.actor, event.staffId])).toEqual([
      ['staff.created', 'Olive Owner', owner.staff.id],
      ['staff.updated', 'Olive Owner', owner.staff.id],
      ['staff.updated', 'Olive Owner', owner.staff.id],
    ]);
    expect(trail.map((event) => event.details)).toEqual([
      { email: 'nora@charms.example', role: 'staff' },
      { name: 'Nora Newer', role: 'owner', password: 'reset' },
      { disabled: true },
    ]);
    expect(trail[0]!.ip).toBe('127.0.0.1');
    expect(JSON.stringify(trail)).not.toContain('a reset password here');
  });

  it('refuses a staff-role member every owners-only call with 403 OWNER_ONLY, and changes nothing', async () => {
    const owner = await staffApi(t);
    const member = await staffApi(t, { role: 'staff' });
    const calls = [
      await member.call('GET', '/admin-staff'),
      await member.call('POST', '/admin-staff', newMember('sneaky@charms.example')),
      await member.call('PATCH', `/admin-staff/${member.staff.id}`, { role: 'owner' }),
      await member.call('PATCH', `/admin-staff/${owner.staff.id}`, { disabled: true }),
    ];
    for (const response of calls) {
      expect(response.statusCode).toBe(403);
      expect(errorOf(response)).toEqual({ code: 'OWNER_ONLY', message: 'Only an owner can do this.' });
    }
    const list = staffListResponseSchema.parse((await owner.call('GET', '/admin-staff')).json()).staff;
    expect(list.find((found) => found.email === 'sneaky@charms.example')).toBeUndefined();
    expect(list.find((found) => found.id === member.staff.id)).toMatchObject({ role: 'staff' });
    expect((await owner.call('GET', '/account')).statusCode).toBe(200);
    // A staff member's own calls still work.
    expect((await member.call('GET', '/account')).statusCode).toBe(200);
  });

  it('does not let an owner disable or demote themself (409), but another owner may', async () => {
    const owner = await staffApi(t);
    for (const body of [{ disabled: true }, { role: 'staff' }]) {
      const response = await owner.call('PATCH', `/admin-staff/${owner.staff.id}`, body);
      expect(response.statusCode).toBe(409);
      expect(errorOf(response)).toMatchObject({ code: 'OWN_ACCOUNT', message: expect.stringMatching(/ask another owner/) });
    }
    expect((await owner.call('GET', '/account')).statusCode).toBe(200);
    const another = await staffApi(t);
    expect((await another.call('PATCH', `/admin-staff/${owner.staff.id}`, { role: 'staff' })).json()).toMatchObject({ role: 'staff' });
    const trail = await auditTrail(t.database.db, 'staff_account', owner.staff.id);
    expect(trail.filter((event) => event.action === 'staff.updated').map((event) => event.details)).toEqual([{ role: 'staff' }]);
  });

  it('refuses a taken email in any case (409), a weak password, an unknown role or field, and an unknown account', async () => {
    const owner = await staffApi(t);
    await owner.call('POST', '/admin-staff', newMember('taken@charms.example'));
    const taken = await owner.call('POST', '/admin-staff', newMember('TAKEN@charms.example'));
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken).code).toBe('EMAIL_TAKEN');
    const bad: [unknown, RegExp][] = [
      [{ ...newMember('weak@charms.example'), password: 'short' }, /password must be at least 12 characters/],
      [{ ...newMember('weak@charms.example'), password: '            x' }, /password must have at least 12 characters that are not spaces/],
      [{ ...newMember('weak@charms.example'), role: 'admin' }, /role must be owner or staff/],
      [{ ...newMember('not an email') }, /email must be an email address/],
      [{ ...newMember('weak@charms.example'), passwordHash: 'scrypt$1$1$1$a$b' }, /passwordHash is not a field/],
    ];
    for (const [body, message] of bad) {
      const response = await owner.call('POST', '/admin-staff', body);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).message).toMatch(message);
    }
    expect((await owner.call('PATCH', `/admin-staff/${owner.staff.id}`, { password: 'short' })).statusCode).toBe(400);
    expect((await owner.call('PATCH', `/admin-staff/${owner.staff.id}`, {})).statusCode).toBe(400);
    expect((await owner.call('PATCH', '/admin-staff/00000000-0000-4000-8000-000000000000', { name: 'Ghost' })).statusCode).toBe(404);
    expect((await owner.call('PATCH', '/admin-staff/not-a-uuid', { name: 'Ghost' })).statusCode).toBe(400);
    const list = staffListResponseSchema.parse((await owner.call('GET', '/admin-staff')).json()).staff;
    expect(list.filter((member) => /taken|weak/.test(member.email)).map((member) => member.email)).toEqual(['taken@charms.example']);
  });
});
