import { LandingView } from '../../views/landing/landing-view';
import { useLandingActor } from '../live/landing';

/** `/`: the route's landing actor (its effects from src/app/live), rendered by its view. */
export function LandingScreen() {
  const actor = useLandingActor();
  return <LandingView actor={actor} />;
}
