import { useSelector } from '@xstate/react';
import {
  type JoinPracticeActor,
  type JoinPracticeView,
  selectJoinPracticeView,
  selectProfileStep,
} from '#machines/join-practice.machine';
import type { ProfileStepSnapshot } from '#machines/profile-step.machine';

const wholeSnapshot = (snapshot: ProfileStepSnapshot | undefined) => snapshot;

/**
 * The join-practice screen to show (`selectJoinPracticeView`), and the running profile step's
 * actor (undefined outside the step). The parent's snapshot does not change when only the child's
 * does, so the child is selected from the parent and subscribed to itself; its snapshot goes to
 * the view selector (a new selector when it changes, so the parent's selection is made again).
 */
export function useJoinPracticeView(actor: JoinPracticeActor) {
  const step = useSelector(actor, selectProfileStep);
  const stepSnapshot = useSelector(step, wholeSnapshot);
  const view: JoinPracticeView = useSelector(actor, (snapshot) =>
    selectJoinPracticeView(snapshot, stepSnapshot),
  );
  return { view, step };
}
