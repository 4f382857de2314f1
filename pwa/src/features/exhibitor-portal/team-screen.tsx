import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { exhibitorStaffCreateSchema } from '@edge/schemas/exhibitors';
import { formatMinute } from '@shared/dates';
import { formatMobile } from '@shared/schemas/mobile-number';
import { confirmAction } from '../../components/confirm-host';
import { FieldShell } from '../../components/form/fields';
import { useSchemaForm } from '../../components/form/schema-form';
import { toast } from '../../components/toasts';
import { errorMessage } from '../../lib/api-error';
import { meQuery, type PortalPerson, staffQuery, useAddStaff, useRemoveStaff, useRevokePhone } from './portal-queries';

/**
 * The exhibitor's people: each signs in on their own phone with their own code, and the team shows the
 * phones each is signed in on (each a device record, decision 088). The owner adds people and removes them
 * (which signs their phones out), and revokes a lost phone (which also wipes the leads waiting on it).
 */
export function TeamScreen() {
  const me = useQuery(meQuery());
  const team = useQuery(staffQuery());
  const owner = me.data?.role === 'owner';
  return (
    <>
      <section className="portal-card" aria-labelledby="team-title">
        <h2 id="team-title">Your team</h2>
        {team.isPending ? <p className="panel-muted">Loading…</p> : null}
        {team.isError ? <p className="form-message form-message--error">{team.error.message}</p> : null}
        <ul className="portal-team">
          {team.data?.map((person) => (
            <TeamMember key={person.id} person={person} canRemove={owner && person.role !== 'owner'} canRevoke={owner} />
          ))}
        </ul>
      </section>
      {owner ? <AddStaff /> : <p className="panel-muted">Your team’s owner adds and removes people.</p>}
    </>
  );
}

function TeamMember({ person, canRemove, canRevoke }: { person: PortalPerson; canRemove: boolean; canRevoke: boolean }) {
  const remove = useRemoveStaff();
  const onRemove = async () => {
    const yes = await confirmAction({
      title: `Remove ${person.name}?`,
      text: 'Their phone is signed out at once. You can add them again later.',
      confirmLabel: 'Remove',
      danger: true,
    });
    if (!yes) return;
    remove.mutate(person.id, {
      onSuccess: (answer) => toast.success(answer.message),
      onError: (failure) => toast.error(errorMessage(failure, 'Could not remove them')),
    });
  };
  return (
    <li>
      <div className="portal-team__who">
        <strong>
          {person.name}
          {person.you ? ' (you)' : ''}
        </strong>
        <span className="portal-team__meta">
          {formatMobile(person.mobileNumber)} · {person.role === 'owner' ? 'Owner' : 'Staff'}
        </span>
        {person.devices.length ? (
          <ul className="portal-phones" aria-label={`${person.name}’s phones`}>
            {person.devices.map((phone) => (
              <Phone key={phone.id} phone={phone} canRevoke={canRevoke && !phone.thisPhone} />
            ))}
          </ul>
        ) : (
          <span className="portal-team__meta">Not signed in</span>
        )}
      </div>
      {canRemove ? (
        <button type="button" className="button button--ghost" disabled={remove.isPending} onClick={() => void onRemove()}>
          Remove
        </button>
      ) : null}
    </li>
  );
}

type TeamPhone = PortalPerson['devices'][number];

/** A phone a person is signed in on; the owner can revoke any but the one in their hand (they sign out instead). */
function Phone({ phone, canRevoke }: { phone: TeamPhone; canRevoke: boolean }) {
  const revoke = useRevokePhone();
  const name = phone.name || 'A phone';
  const onRevoke = async () => {
    const yes = await confirmAction({
      title: `Revoke ${name}?`,
      text: 'Use this for a lost phone or one in the wrong hands. It is signed out at once, and scans still waiting on it are wiped from it and not added. Leads it already sent stay. To use it again, its person signs in as a new phone.',
      confirmLabel: 'Revoke',
      danger: true,
    });
    if (!yes) return;
    revoke.mutate(phone.id, {
      onSuccess: (answer) => toast.success(answer.message),
      onError: (failure) => toast.error(errorMessage(failure, 'Could not revoke it')),
    });
  };
  return (
    <li data-testid="team-phone" data-phone={phone.id}>
      <span className="portal-team__meta">
        {name} since {formatMinute(phone.signedInAt)}
        {phone.thisPhone ? ' (this phone)' : ''}
      </span>
      {canRevoke ? (
        <button type="button" className="button button--ghost portal-phones__revoke" disabled={revoke.isPending} onClick={() => void onRevoke()}>
          Revoke
        </button>
      ) : null}
    </li>
  );
}

function AddStaff() {
  const add = useAddStaff();
  const form = useSchemaForm(exhibitorStaffCreateSchema, { name: '', mobileNumber: '' });
  const errorId = useId();
  const error = form.formState.errors.root?.server?.message ?? null;
  const onSubmit = form.handleSubmit((input) =>
    add.mutateAsync(input).then(
      (answer) => {
        toast.success(answer.message);
        form.reset();
      },
      (failure) => form.setError('root.server', { type: 'server', message: errorMessage(failure, 'Could not add them') }),
    ),
  );
  return (
    <section className="portal-card" aria-labelledby="add-title">
      <h2 id="add-title">Add a person</h2>
      <p className="panel-muted">They open this portal on their own phone and sign in with their mobile number.</p>
      <form className="portal-form portal-form--row" noValidate onSubmit={(event) => void onSubmit(event)} aria-describedby={error ? errorId : undefined}>
        <FieldShell form={form} name="name" label="Name" required control={(props) => <input {...props} autoComplete="off" {...form.register('name')} />} />
        <FieldShell
          form={form}
          name="mobileNumber"
          label="Mobile number"
          required
          control={(props) => <input {...props} type="tel" inputMode="tel" autoComplete="off" {...form.register('mobileNumber')} />}
        />
        <button type="submit" className="button button--primary" disabled={add.isPending} aria-busy={add.isPending}>
          Add
        </button>
      </form>
      {error ? (
        <p id={errorId} className="form-message form-message--error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
