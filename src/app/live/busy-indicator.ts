/**
 * Kept while the onboarding views still import the hook from here; the hook lives in src/ui
 * (views may not import src/app). Removed once no view imports this path.
 */
export { useBusyIndicator } from '../../ui/busy-indicator';
