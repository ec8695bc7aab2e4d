import { defineModule } from '../../core/module';
import { Migration0008Pos } from '../../migrations/Migration0008Pos';
import { documentsModule } from '../documents/documents.module';
import { identityModule } from '../identity/identity.module';
import { OneStatementReceipts } from './one-statement-receipts';
import { PosDevice } from './pos-device.entity';
import { PosIdempotencyKey } from './pos-idempotency-key.entity';
import { POS_TOKEN_PREFIX, PosDeviceVerifier } from './pos-device.verifier';
import { PosDevicesService } from './pos-devices.service';
import { PosDocumentsService } from './pos-documents.service';
import { PosIdempotency } from './pos-idempotency';
import { posOpenApi } from './pos.openapi';
import { PosDevicesResolver } from './pos.resolver';
import { posDeviceRoutes, posDocumentRoutes } from './pos.routes';

/** Point of sale (SPEC 4.4, 4.5): registers, their token, and the documents they issue, cancel and correct. */
export const posModule = defineModule({
  name: 'pos',
  dependsOn: [identityModule, documentsModule],
  entities: [PosDevice, PosIdempotencyKey],
  migrations: [Migration0008Pos],
  openapi: posOpenApi,
  build: ({ infra, documents }) => {
    const devices = new PosDevicesService(infra.clock);
    const { factory, lifecycle, creditNotes } = documents;
    const fastPath = new OneStatementReceipts(infra.clock, factory);
    const keys = new PosIdempotency(infra.clock);
    const receipts = new PosDocumentsService(infra.clock, { factory, lifecycle, creditNotes }, keys, fastPath);
    return {
      services: { devices, receipts },
      routes: {
        api: (api) => posDeviceRoutes(api, devices),
        pos: (pos) => posDocumentRoutes(pos, receipts),
      },
      resolvers: [new PosDevicesResolver(devices)],
      verifiers: [{ prefix: POS_TOKEN_PREFIX, area: 'pos', verifier: new PosDeviceVerifier(infra.clock) }],
    };
  },
});
