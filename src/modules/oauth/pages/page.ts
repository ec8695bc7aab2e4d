import { html, SafeHtml } from '../../../core/html';

const STYLE = `*{box-sizing:border-box}body{font-family:system-ui,sans-serif;max-width:34rem;margin:3rem auto;padding:0 1rem;color:#222}
label{display:block;margin:.6rem 0}input[type=email],input[type=password]{width:100%;padding:.4rem}
button{padding:.5rem 1.2rem;margin-right:.5rem}.muted{color:#777}.error{color:#b00020}`;

export function page(title: string, body: SafeHtml, lang: 'cs' | 'en' = 'en'): string {
  return html`<!doctype html>
    <html lang="${lang}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title} · Faktura</title>
        <style>
          ${new SafeHtml(STYLE)}
        </style>
      </head>
      <body>
        <main>${body}</main>
      </body>
    </html>`.value;
}
