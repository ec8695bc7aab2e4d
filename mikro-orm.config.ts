import 'reflect-metadata';
import { ormOptions } from './src/core/db/orm';
import { persistence } from './src/modules';

/** For the MikroORM CLI; the app builds the same options in src/core/db/orm.ts. */
export default ormOptions(process.env.DATABASE_URL ?? 'postgres://faktura:faktura@127.0.0.1:54329/faktura', persistence);
