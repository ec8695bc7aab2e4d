import type { FakturaModule } from './core/module';
import { apiKeysModule } from './modules/apikeys/apikeys.module';
import { identityModule } from './modules/identity/identity.module';
import { opsModule } from './modules/ops/ops.module';
import { testControlsModule } from './modules/testing/test-controls.module';

/** Every domain module, in registration order. */
export const modules: FakturaModule[] = [opsModule, testControlsModule, identityModule, apiKeysModule];
