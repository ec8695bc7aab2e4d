import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** The languages of the web app. */
export const PERSON_LANGUAGES = ['cs', 'en'] as const;
export type PersonLanguage = (typeof PERSON_LANGUAGES)[number];

@Entity({ tableName: 'users' })
export class User {
  @PrimaryKey({ type: 'uuid' })
  id!: string;

  /** Stored lower-cased; unique. */
  @Property({ type: 'text' })
  email!: string;

  @Property({ type: 'text', hidden: true })
  passwordHash!: string;

  @Property({ type: 'timestamptz' })
  createdAt!: Date;

  /** The web app's language the person chose; null: the company's default. */
  @Property({ type: 'text', nullable: true })
  language: PersonLanguage | null = null;
}
