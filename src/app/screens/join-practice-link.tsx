import { getRouteApi } from '@tanstack/react-router';
import { JoinPracticeLinkView } from '../../views/join-practice/join-practice-link-view';
import { joinPracticeLinkInput, useJoinPracticeActor } from '../live/join-practice';

const route = getRouteApi('/invite');

/** /invite: the join-practice actor of the invitation link (from the address or the stored invite). */
export function JoinPracticeLinkScreen() {
  const search = route.useSearch();
  const actor = useJoinPracticeActor(() => joinPracticeLinkInput(search));
  return <JoinPracticeLinkView actor={actor} />;
}
