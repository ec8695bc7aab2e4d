/** The template variables of SEND_EMAIL (SPEC 2.7); anything else in {{ }} is refused when the rule is saved. */
export const TEMPLATE_VARIABLES = [
  'contact.email',
  'contact.name',
  'document.number',
  'document.amount',
  'document.currency',
] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

export function variablesIn(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1]);
}

export function unknownVariables(text: string): string[] {
  return variablesIn(text).filter((v) => !(TEMPLATE_VARIABLES as readonly string[]).includes(v));
}

/** Replaces every placeholder with its value. */
export function fillTemplate(text: string, values: Record<TemplateVariable, string>): string {
  return text.replace(PLACEHOLDER, (_, name: string) => values[name as TemplateVariable] ?? '');
}
