import 'reflect-metadata';
import { stopSharedPostgres } from './postgres';

export const mochaHooks = {
  async afterAll(this: Mocha.Context) {
    this.timeout(90_000);
    await stopSharedPostgres();
  },
};
