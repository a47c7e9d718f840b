// The deployment's build-time defaults (scripts/vite-deployment.ts, decision 117).
declare module 'virtual:deployment-defaults' {
  import type { DeploymentDefaults } from '../deploy/settings';

  export const deploymentDefaults: Readonly<DeploymentDefaults>;
}
