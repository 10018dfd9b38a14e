import { STAFF_ROLES, type StaffMember } from '@charms/contracts/staff';
import { Form, data, useNavigation, useRouteLoaderData } from 'react-router';
import { adminApi } from '../admin-api.server';
import { CsrfField } from '../components/csrf-field';
import { Field } from '../components/field';
import { FormMessage } from '../components/form-message';
import { formatDateTime } from '../format';
import { type FormResult, resultFor } from '../form-result';
import { csrfOf, failed, refused, succeeded, textOf } from '../form-result.server';
import type { Route } from './+types/staff';
import type { loader as layoutLoader } from './layout';
import { useTimeZone } from '../use-time-zone';

export const meta: Route.MetaFunction = () => [{ title: 'Staff accounts · Admin' }];
export { ErrorBoundary } from '../components/page-error';

/** Owners only: the API answers 403 to anyone else, which the page's error boundary says in words. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = adminApi(request, context);
  const { staff } = await admin.listStaff();
  return data({ staff }, { headers: admin.headers() });
}

const roleOf = (value: string) => STAFF_ROLES.find((role) => role === value);

/** One form per change: add an account; per account, its role, disabled or enabled, a new password. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = adminApi(request, context);
  const form = await request.formData();
  const csrf = csrfOf(form);
  const intent = textOf(form, 'intent');
  const id = textOf(form, 'id');
  const key = `${intent}:${id}`;
  try {
    switch (intent) {
      case 'add': {
        const role = roleOf(textOf(form, 'role'));
        if (!role) return refused(admin, 'add:', 'Choose a role: owner or staff.', { role: 'Choose owner or staff.' });
        const added = await admin.addStaff(csrf, { email: textOf(form, 'email'), name: textOf(form, 'name'), role, password: textOf(form, 'password') });
        return succeeded(admin, 'add:', `Added ${added.name} (${added.email}) as ${added.role}. Give them their password in person.`);
      }
      case 'role': {
        const role = roleOf(textOf(form, 'role'));
        if (!role) return refused(admin, key, 'Choose a role: owner or staff.');
        const member = await admin.updateStaff(csrf, id, { role });
        return succeeded(admin, key, `${member.name} is now ${member.role === 'owner' ? 'an owner' : 'staff'}.`);
      }
      case 'disable':
      case 'enable': {
        const member = await admin.updateStaff(csrf, id, { disabled: intent === 'disable' });
        return succeeded(admin, key, member.disabled ? `${member.name} is disabled and signed out everywhere.` : `${member.name} can sign in again.`);
      }
      case 'password': {
        const member = await admin.updateStaff(csrf, id, { password: textOf(form, 'password') });
        return succeeded(admin, key, `${member.name} has a new password and is signed out everywhere.`);
      }
      default:
        return refused(admin, key, 'This form is not one the page knows. Reload the page and try again.');
    }
  } catch (error) {
    return failed(admin, intent === 'add' ? 'add:' : key, error);
  }
}

export default function StaffPage({ loaderData, actionData }: Route.ComponentProps) {
  const you = useRouteLoaderData<typeof layoutLoader>('admin')?.staff.id;
  return (
    <div className="admin-page">
      <h1>Staff accounts</h1>
      <section className="admin-panel" aria-labelledby="add-staff">
        <h2 id="add-staff">Add an account</h2>
        <AddStaffForm result={resultFor(actionData, 'add:')} />
      </section>
      <section aria-labelledby="accounts">
        <h2 id="accounts">Accounts</h2>
        <ul className="admin-cards">
          {loaderData.staff.map((member) => (
            <StaffCard key={member.id} member={member} isYou={member.id === you} result={actionData?.intent.endsWith(`:${member.id}`) ? actionData : undefined} />
          ))}
        </ul>
      </section>
    </div>
  );
}

function AddStaffForm({ result }: { result: FormResult | undefined }) {
  const busy = useNavigation().formData?.get('intent') === 'add';
  return (
    <Form method="post" className="admin-form admin-form--columns" key={result?.ok ? 'added' : 'adding'}>
      <CsrfField />
      <input type="hidden" name="intent" value="add" />
      <Field label="Name" name="name" autoComplete="off" required error={result?.fields?.name} />
      <Field label="Email" name="email" type="email" autoComplete="off" required error={result?.fields?.email} />
      <div className="admin-field">
        <label htmlFor="add-role">Role</label>
        <select id="add-role" name="role" defaultValue="staff" aria-describedby="add-role-hint">
          <option value="staff">Staff</option>
          <option value="owner">Owner</option>
        </select>
        <span className="admin-field__hint" id="add-role-hint">
          Owners also manage staff accounts.
        </span>
      </div>
      <Field label="Password" name="password" type="password" autoComplete="new-password" required minLength={12} hint="At least 12 characters." error={result?.fields?.password} />
      <div className="admin-actions admin-form__submit">
        <button type="submit" className="admin-button admin-button--primary" disabled={busy}>
          Add account
        </button>
      </div>
      <div className="admin-form__wide">
        <FormMessage result={result} />
      </div>
    </Form>
  );
}

/**
 * An owner's own card offers no role change and no disabling (the API refuses both: the shop must keep an owner who
 * can manage staff); their password can be set here.
 */
function StaffCard({ member, isYou, result }: { member: StaffMember; isYou: boolean; result: FormResult | undefined }) {
  const timeZone = useTimeZone();
  const idBase = `staff-${member.id}`;
  return (
    <li className="admin-panel admin-card" aria-labelledby={`${idBase}-name`}>
      <div className="admin-card__head">
        <h3 id={`${idBase}-name`}>{member.name}</h3>
        <span className={`admin-badge${member.disabled ? ' admin-badge--cancelled' : ' admin-badge--shipped'}`}>{member.disabled ? 'Disabled' : 'Active'}</span>
      </div>
      <p className="admin-muted">
        {member.email} · {member.role === 'owner' ? 'Owner' : 'Staff'} · added {formatDateTime(member.createdAt, timeZone)}
        {isYou ? ' · this is you: another owner can change your role or disable your account' : ''}
      </p>
      <FormMessage result={result} />
      <div className="admin-card__forms">
        {isYou ? null : (
          <Form method="post" className="admin-form--inline">
            <CsrfField />
            <input type="hidden" name="id" value={member.id} />
            <div className="admin-field">
              <label htmlFor={`${idBase}-role`}>Role</label>
              <select id={`${idBase}-role`} name="role" defaultValue={member.role}>
                <option value="staff">Staff</option>
                <option value="owner">Owner</option>
              </select>
            </div>
            <button type="submit" name="intent" value="role" className="admin-button">
              Change role
            </button>
          </Form>
        )}
        <Form method="post" className="admin-form--inline">
          <CsrfField />
          <input type="hidden" name="id" value={member.id} />
          <div className="admin-field">
            <label htmlFor={`${idBase}-password`}>New password</label>
            <input id={`${idBase}-password`} name="password" type="password" autoComplete="new-password" minLength={12} required />
          </div>
          <button type="submit" name="intent" value="password" className="admin-button">
            Set password
          </button>
        </Form>
        {isYou ? null : (
          <Form method="post" className="admin-form--inline">
            <CsrfField />
            <input type="hidden" name="id" value={member.id} />
            {member.disabled ? (
              <button type="submit" name="intent" value="enable" className="admin-button">
                Enable {member.name}
              </button>
            ) : (
              <button type="submit" name="intent" value="disable" className="admin-button admin-button--danger">
                Disable {member.name}
              </button>
            )}
          </Form>
        )}
      </div>
    </li>
  );
}
