import type { RuntimeConfig } from '#machines/app-bootstrap.machine';

/**
 * The runtime configuration the rendered screens get in the view path tests and the designers'
 * atlas: both regions public, the UK one with its environment shown.
 */
export const viewConfig: RuntimeConfig = {
  app: {
    loglevel: 'INFO',
    productDomain: 'practice-portal.example',
    portals: [
      {
        key: 'au',
        name: 'Australia',
        isPublic: true,
        locales: ['en-AU'],
        isEnvironmentVisible: false,
        url: 'http://au.example.test',
      },
      {
        key: 'uk',
        name: 'United Kingdom',
        isPublic: true,
        locales: ['en-GB'],
        isEnvironmentVisible: true,
        url: 'http://uk.example.test',
      },
    ],
  },
  auth: {} as RuntimeConfig['auth'],
};
