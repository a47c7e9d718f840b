/**
 * What the app takes from @auth0/auth0-react, built from the package's own sources (vite.config.ts
 * points the package's name here): its published bundles inline a second copy of
 * @auth0/auth0-spa-js, while the app gives the provider the SDK client it creates itself.
 */
export { default as Auth0Provider } from '@auth0/auth0-react/src/auth0-provider';
export { default as useAuth0 } from '@auth0/auth0-react/src/use-auth0';
