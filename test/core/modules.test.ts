import { expect } from 'chai';
import { buildGate, orderModules } from '../../src/core/compose';
import { defineModule, type AnyModule } from '../../src/core/module';
import { modules, persistence } from '../../src/modules';

const plain = (name: string, dependsOn: AnyModule[] = []) => defineModule({ name, dependsOn, build: () => ({}) });

/** The composition root's rules, without a database. */
describe('module composition', () => {
  it('orders modules after their dependencies, otherwise as listed', () => {
    const a = plain('a');
    const b = plain('b', [a]);
    const c = plain('c');
    expect(orderModules([b, c, a]).map((m) => m.name)).to.deep.equal(['a', 'b', 'c']);
  });

  it('refuses a missing dependency, a cycle and a name listed twice, naming them', () => {
    const a = plain('a');
    expect(() => orderModules([plain('b', [a])])).to.throw(
      'Module "b" depends on "a", which is not in the module list (src/modules.ts)',
    );
    const x = plain('x');
    const y = plain('y', [x]);
    (x.dependsOn as AnyModule[]).push(y);
    expect(() => orderModules([x, y])).to.throw('Module dependency cycle: x → y → x');
    expect(() => orderModules([a, plain('a')])).to.throw('Module "a" is listed twice');
  });

  it('refuses two modules verifying one token prefix', () => {
    const verifier = { verify: () => Promise.resolve(null) };
    const built = ['one', 'two'].map((name) => ({
      manifest: plain(name),
      parts: { verifiers: [{ prefix: 'fk_', area: 'api' as const, verifier }] },
    }));
    expect(() => buildGate(built)).to.throw('Tokens with prefix fk_ are verified by both module "one" and "two"');
  });

  it('keeps the migrations databases have already applied, in the same order', () => {
    expect(persistence.migrations.map((m) => m.name).slice(0, 6)).to.deep.equal([
      'Migration0001Foundation',
      'Migration0002Quota',
      'Migration0003OAuth',
      'Migration0004ContactsProducts',
      'Migration0005Documents',
      'Migration0006Payments',
    ]);
    expect(new Set(persistence.entities).size).to.equal(persistence.entities.length);
    expect(orderModules(modules).map((m) => m.name)).to.include.members([
      'identity',
      'documents',
      'quota',
      'test-controls',
      'openapi',
    ]);
  });
});
