import { LiveUpdatesNotice } from '../../realtime/live-updates-notice';
import { SwitchPracticeView } from '../../views/switch-practice/switch-practice-view';
import { useSwitchPracticeActor } from '../live/switch-practice';

/**
 * /switch-practice: the route's switch-practice actor, rendered by its view with the live-updates
 * notice (spec §4's connection gate) above the lists.
 */
export function SwitchPracticeScreen() {
  const actor = useSwitchPracticeActor();
  return <SwitchPracticeView actor={actor} liveStatus={<LiveUpdatesNotice />} />;
}
