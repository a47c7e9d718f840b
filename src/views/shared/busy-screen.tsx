import { useContext } from 'react';
import { RootActorsContext, RuntimeConfigContext } from '../../app/actors-context';
import { LoadingScreen } from '../../ui/loading-screen';

/**
 * The loading screen (spec §2) for a screen whose machine is busy: pop-in delay, spinner with the
 * heading, and after 15 s the 'Sorry!' message with Contact us (the configured support page) and
 * a Logout button. `page`: the busy screen is the whole page, so its heading is the level-one heading
 * (otherwise it sits under the page's own).
 */
export function BusyScreen({ heading, page = false }: { heading: string; page?: boolean }) {
  const config = useContext(RuntimeConfigContext);
  const actors = useContext(RootActorsContext);
  return (
    <div data-testid="busy-screen" aria-busy="true">
      <LoadingScreen
        loading
        heading={heading}
        headingOrder={page ? 1 : 2}
        supportUrl={config?.app.supportUrl ?? '/'}
        onLogout={() => actors?.session.send({ type: 'session.logout' })}
      />
    </div>
  );
}
