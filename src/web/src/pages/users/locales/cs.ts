import type { TextsOf } from '../../../i18n/texts';
import type en from './en';

/** The `users` namespace in Czech: the same keys as en.ts. */
const cs: TextsOf<typeof en> = {
  title: 'Uživatelé a střediska',
  ownerIntro: 'Jako vlastník spravujete všechny uživatele.',
  adminIntro: 'Jako správce spravujete uživatele a API klíče; vlastníka změnit nelze.',
  add: 'Přidat uživatele',
  created: '{{email}} se teď může přihlásit heslem, které jste nastavili.',
  email: 'E-mail',
  password: 'Počáteční heslo',
  passwordHint: 'Alespoň 12 znaků, ne běžné heslo; sdělte ho dotyčnému.',
  moreDepartments: 'Nabízí se jen prvních 200 středisek.',
  create: 'Vytvořit uživatele',
  users: 'Uživatelé',
  pager: 'Uživatelé',
  access: {
    role: 'Role',
    roles: {
      MEMBER: 'Člen: jen přidělené oblasti',
      ADMIN: 'Správce: spravuje uživatele a API klíče',
    },
    permissions: 'Oprávnění podle oblastí',
    levels: { none: 'Žádné', read: 'Čtení', write: 'Zápis' },
    departments: 'Střediska',
    allDepartments: 'Všechna střediska',
    noDepartments: 'Zatím žádná střediska: uživatel neuvidí doklady žádného střediska.',
  },
  card: {
    permission: '{{section}}: {{level}}',
    levels: { none: 'žádné', read: 'čtení', write: 'zápis' },
    allDepartments: 'všechna střediska',
    noDepartment: 'žádné středisko',
    since: '{{departments}} · od {{at}}',
    owner: 'Vlastník má všechny oblasti; jeho roli změnit nelze.',
    self: 'Vlastní přístup vám mění někdo jiný: nikdo nemění sám sobě.',
    onlyOwner: 'Správce mění jen vlastník.',
    edit: 'Upravit přístup',
  },
  departments: {
    heading: 'Střediska',
    none: 'Zatím žádná střediska.',
    pager: 'Střediska',
    name: 'Název střediska',
    add: 'Přidat středisko',
  },
};

export default cs;
