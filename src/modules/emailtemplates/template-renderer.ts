import { ValidationError } from '../../core/errors';
import { escapeHtml } from '../../core/html';
import {
  TEMPLATE_VARIABLES,
  type EmailTemplateText,
  type TemplateVariable,
  type TemplateVariables,
} from './email-templates';

/** `{{name}}`, spaces inside the braces allowed. */
const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** An e-mail made of a template: a one-line subject, the text body and its HTML twin. */
export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

function isVariable(name: string): name is TemplateVariable {
  return (TEMPLATE_VARIABLES as readonly string[]).includes(name);
}

/** 400 naming the first `{{name}}` of `text` that is no template variable; `field` is where it was written. */
export function checkVariables(text: string, field: 'subject' | 'body'): void {
  for (const [, name] of text.matchAll(PLACEHOLDER)) {
    if (!isVariable(name))
      throw new ValidationError(`Unknown template variable {{${name}}}`, [
        { path: field, message: `unknown variable {{${name}}}; known: ${TEMPLATE_VARIABLES.join(', ')}` },
      ]);
  }
}

/** Markup the caller made (the payment QR's `<img>`), put into the HTML body as it is, by variable. */
export type HtmlValues = Partial<Record<TemplateVariable, string>>;

function fill(text: string, value: (name: TemplateVariable) => string): string {
  return text.replace(PLACEHOLDER, (_, name: string) => (isVariable(name) ? value(name) : ''));
}

/** Paragraphs left empty by a value that printed nothing go, so no gap of blank lines stays. */
function tidyText(text: string): string {
  return text.replace(/\n[ \t]*(\n[ \t]*){2,}/g, '\n\n').trim();
}

/** Plain text (no variables) as the paragraphs and lines of an HTML body, `extra` markup after it. */
export function htmlOfText(text: string, extra = ''): string {
  const paragraphs = [
    ...text
      .split(/\r?\n\s*\r?\n/)
      .filter((p) => p.trim() !== '')
      .map((p) => `<p>${escapeHtml(p).replace(/\r?\n/g, '<br>\n')}</p>`),
    ...(extra ? [`<p>${extra}</p>`] : []),
  ].join('\n');
  return `<!DOCTYPE html>\n<html><head><meta charset="utf-8"></head><body>\n${paragraphs}\n</body></html>\n`;
}

/**
 * The body as HTML: the template's text and the values escaped, paragraphs and lines kept, the public
 * link a link, `html` values as given.
 */
function htmlBody(body: string, variables: TemplateVariables, html: HtmlValues): string {
  const escaped = fill(escapeHtml(body), (name) => {
    const given = html[name];
    if (given !== undefined) return given;
    const value = escapeHtml(variables[name] ?? '');
    return name === 'publicLink' && /^https?:\/\//.test(variables[name]) ? `<a href="${value}">${value}</a>` : value;
  });
  const paragraphs = escaped
    .split(/\r?\n\s*\r?\n/)
    .filter((p) => p.trim() !== '')
    .map((p) => `<p>${p.replace(/\r?\n/g, '<br>\n')}</p>`)
    .join('\n');
  return `<!DOCTYPE html>\n<html><head><meta charset="utf-8"></head><body>\n${paragraphs}\n</body></html>\n`;
}

/**
 * A template filled with values: an unknown variable is a ValidationError naming it. The subject
 * stays one line whatever the values hold (no header can be smuggled in). `html`: markup for the
 * HTML body in place of a variable's escaped text (the payment QR's inline image).
 */
export function renderTemplate(
  template: EmailTemplateText,
  variables: TemplateVariables,
  html: HtmlValues = {},
): RenderedEmail {
  checkVariables(template.subject, 'subject');
  checkVariables(template.body, 'body');
  return {
    subject: fill(template.subject, (name) => variables[name] ?? '')
      .replace(/[\r\n]+/g, ' ')
      .replace(/\s{2,}/g, ' ')
      .trim(),
    text: tidyText(fill(template.body, (name) => variables[name] ?? '')),
    html: htmlBody(template.body, variables, html),
  };
}
