import { getRouteApi } from '@tanstack/react-router';
import { JoinPracticeCodeView } from '../../views/join-practice/join-practice-code-view';
import { joinPracticeCodeInput, useJoinPracticeActor } from '../live/join-practice';

const route = getRouteApi('/invite-code');

/** /invite-code: the join-practice actor of an invite code entry, rendered by its view. */
export function JoinPracticeCodeScreen() {
  const search = route.useSearch();
  const actor = useJoinPracticeActor(() => joinPracticeCodeInput(search));
  return <JoinPracticeCodeView actor={actor} />;
}
