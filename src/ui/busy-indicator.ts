import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { AnyActorRef, SnapshotFrom } from 'xstate';
import { busyIndicatorMachine, selectIndicating } from '#machines/busy-indicator.machine';
import { busyIndicatorDelays } from '#machines/constants';
import { takeCarriedWait } from './carried-press';
import { useFlowActor } from './flow-actor';

/**
 * Whether a screen shows that `actor` is working (decision 042): true only once `isBusy` has held
 * for the pop-in delay of machines/busy-indicator.machine.ts, until it stops holding.
 *
 * The screen does not re-render when the work starts: the actor is watched by a subscription
 * (not a selector), so a submit sends its request without the form rendering again, and a quick
 * answer moves on before anything changes on screen. `isBusy` must be a stable function (module
 * level). While the screen is hidden (a pre-rendered step, decision 045) nothing is watched; it
 * catches up when shown. Work started by a press carried from the prerendered page counts its
 * pop-in from that press (src/ui/carried-press.ts, decision 198).
 */
export function useBusyIndicator<TActor extends AnyActorRef>(
  actor: TActor,
  isBusy: (snapshot: SnapshotFrom<TActor>) => boolean,
): boolean {
  const indicator = useFlowActor(() => busyIndicatorMachine);
  useEffect(() => {
    let busy: boolean | null = null;
    const forward = (snapshot: SnapshotFrom<TActor>) => {
      const now = isBusy(snapshot);
      if (now === busy) return;
      busy = now;
      // A press carried from the prerendered page has been waited for already (decision 198).
      indicator.send(
        now
          ? { type: 'busy.start', waited: takeCarriedWait(busyIndicatorDelays.carriedPressWindow) }
          : { type: 'busy.end' },
      );
    };
    forward(actor.getSnapshot());
    const subscription = actor.subscribe(forward);
    return () => subscription.unsubscribe();
  }, [actor, indicator, isBusy]);
  return useSelector(indicator, selectIndicating);
}
