import { useSelector } from '@xstate/react';
import type { Profile, SessionUser } from '#machines/domain';
import {
  type ProfileStepActor,
  selectProfileStepFailure,
  selectProfileStepSaving,
} from '#machines/profile-step.machine';
import { ProfileForm } from './profile-form';

/**
 * The profile form of a running profile step (machines/profile-step.machine.ts): saving and the
 * failure of a rejected answer are read from the step's own snapshot, so the form re-renders when
 * the step changes. `onSubmit` sends to the page actor, which forwards `profile.submit` to the step.
 */
export function ProfileStepForm({
  step,
  user,
  onSubmit,
}: {
  step: ProfileStepActor | undefined;
  user: SessionUser | null;
  onSubmit: (profile: Profile) => void;
}) {
  const saving = useSelector(step, selectProfileStepSaving);
  const failure = useSelector(step, selectProfileStepFailure);
  return <ProfileForm user={user} saving={saving} failure={failure} onSubmit={onSubmit} />;
}
