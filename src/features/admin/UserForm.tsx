// The form of a user, new or changed (product.md#user-administration): name, email, type, roles, the vessel of a
// vessel user, the ports of an agent and a password. What was typed stays when the server refuses or the link is
// down; a message the server gives about a field shows beside that field.
import { useId, useState, type ReactNode } from 'react';
import { ROLES, USER_TYPES } from '../../core/contract/admin-users.ts';
import { isAgent, isVesselUser } from '../../core/role.ts';
import { PortsChooser, VesselChooser } from './Choosers.tsx';
import type { UserField } from './admin-words.ts';
import { TYPE_ROLES, type UserValues } from './user-body.ts';

/** The roles an administrator picks; the vessel's and the agent's come with the user's type. */
const PICKED_ROLES = ROLES.filter((r) => r.code !== TYPE_ROLES.vessel && r.code !== TYPE_ROLES.agent);

export interface FormError {
  field: UserField | null;
  message: string;
}

interface Props {
  initial: UserValues;
  isNew: boolean;
  busy: boolean;
  error: FormError | null;
  /** Whether the user has a local password now (a changed user), for the password's hint. */
  hasPassword?: boolean;
  onSubmit: (values: UserValues) => void;
}

function Field({
  id,
  label,
  required,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  error: string | undefined;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className={error ? 'form-field form-field--error' : 'form-field'}>
      <label htmlFor={id} className="form-field__label">
        {label}
        {required && <span className="required-dot" aria-label="required" />}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="form-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="form-field__error">
          {error}
        </p>
      )}
    </div>
  );
}

export function UserForm({ initial, isNew, busy, error, hasPassword, onSubmit }: Props) {
  const id = useId();
  const [v, setV] = useState<UserValues>(initial);
  const set = <K extends keyof UserValues>(k: K, value: UserValues[K]) =>
    setV((old) => ({ ...old, [k]: value }));
  const errorOf = (field: UserField) => (error?.field === field ? error.message : undefined);
  const input = (field: UserField) => ({
    id: `${id}-${field}`,
    className: 'form-field__input',
    'aria-invalid': error?.field === field ? true : undefined,
    'aria-describedby': error?.field === field ? `${id}-${field}-error` : undefined,
  });
  const toggleRole = (code: string) =>
    set('roles', v.roles.includes(code) ? v.roles.filter((r) => r !== code) : [...v.roles, code]);

  return (
    <form
      className="admin-form"
      aria-label={isNew ? 'New user' : 'Change user'}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(v);
      }}
    >
      {error && error.field === null && (
        <p className="inline-error" role="alert">
          {error.message}
        </p>
      )}
      {error && error.field !== null && (
        <p className="visually-hidden" role="alert">
          {error.message}
        </p>
      )}
      {isNew && (
        <Field
          id={`${id}-usrId`}
          label="User ID"
          required
          error={errorOf('usrId')}
          hint="Letters, digits and . _ - @, e.g. j.smith"
        >
          <input
            {...input('usrId')}
            value={v.usrId}
            required
            maxLength={64}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            onChange={(e) => set('usrId', e.target.value)}
          />
        </Field>
      )}
      <Field id={`${id}-usrNm`} label="Name" required error={errorOf('usrNm')}>
        <input
          {...input('usrNm')}
          value={v.usrNm}
          required
          maxLength={100}
          autoComplete="off"
          onChange={(e) => set('usrNm', e.target.value)}
        />
      </Field>
      <Field id={`${id}-email`} label="Email" error={errorOf('email')}>
        <input
          {...input('email')}
          type="email"
          value={v.email}
          maxLength={200}
          autoComplete="off"
          onChange={(e) => set('email', e.target.value)}
        />
      </Field>
      <Field id={`${id}-usrTpCd`} label="Type" required error={errorOf('usrTpCd')}>
        <select {...input('usrTpCd')} value={v.usrTpCd} onChange={(e) => set('usrTpCd', e.target.value)}>
          {USER_TYPES.map((t) => (
            <option key={t.code} value={t.code}>
              {t.label}
            </option>
          ))}
        </select>
      </Field>
      <fieldset
        className={errorOf('roles') ? 'form-field form-field--error' : 'form-field'}
        aria-describedby={errorOf('roles') ? `${id}-roles-error` : undefined}
      >
        <legend className="form-field__label">Roles</legend>
        <div className="admin-roles">
          {PICKED_ROLES.map((r) => (
            <label key={r.code} className="admin-check">
              <input type="checkbox" checked={v.roles.includes(r.code)} onChange={() => toggleRole(r.code)} />
              {r.label} <span className="code">{r.code}</span>
            </label>
          ))}
        </div>
        <p className="form-field__hint">
          Vessel users get the Vessel role, and port agents the Port agent role, with their type.
        </p>
        {errorOf('roles') && (
          <p id={`${id}-roles-error`} className="form-field__error">
            {errorOf('roles')}
          </p>
        )}
      </fieldset>
      {isVesselUser(v.usrTpCd) && (
        <div className={errorOf('vslCd') ? 'form-field--error' : undefined}>
          <VesselChooser
            value={v.vslCd}
            onChange={(vslCd) => set('vslCd', vslCd)}
            errorId={errorOf('vslCd') ? `${id}-vslCd-error` : undefined}
          />
          {errorOf('vslCd') && (
            <p id={`${id}-vslCd-error`} className="form-field__error">
              {errorOf('vslCd')}
            </p>
          )}
        </div>
      )}
      {isAgent(v.usrTpCd) && (
        <div className={errorOf('ports') ? 'form-field--error' : undefined}>
          <PortsChooser
            value={v.ports}
            onChange={(ports) => set('ports', [...ports])}
            errorId={errorOf('ports') ? `${id}-ports-error` : undefined}
          />
          {errorOf('ports') && (
            <p id={`${id}-ports-error`} className="form-field__error">
              {errorOf('ports')}
            </p>
          )}
        </div>
      )}
      <Field
        id={`${id}-password`}
        label={isNew ? 'Password' : 'New password'}
        error={errorOf('password')}
        hint={
          isNew
            ? 'At least 10 characters. Leave it empty for a user who signs on through the identity provider only.'
            : hasPassword
              ? 'Leave it empty to keep the password.'
              : 'This user has no password: it signs on through the identity provider.'
        }
      >
        <input
          {...input('password')}
          type="password"
          value={v.password}
          maxLength={256}
          autoComplete="new-password"
          onChange={(e) => set('password', e.target.value)}
        />
      </Field>
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? 'Saving…' : isNew ? 'Add user' : 'Save changes'}
      </button>
    </form>
  );
}
