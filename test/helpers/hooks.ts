import 'reflect-metadata';
import { stopSharedPostgres } from './postgres';

export const mochaHooks = {
  async afterAll(this: Mocha.Context) {
    // Removing the data of every test database (over a hundred) took more than 30 s on a loaded machine.
    this.timeout(120_000);
    await stopSharedPostgres();
  },
};
