/** The languages of a customer's documents (PDF, public page, e-mail), as the API names them. */
export const LANGUAGE_LABELS = { cs: 'Czech', en: 'English', de: 'German' } as const;
export type Language = keyof typeof LANGUAGE_LABELS;
