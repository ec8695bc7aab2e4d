import { createHash } from 'node:crypto';
import { html, SafeHtml } from '../../../core/html';
import { MAX_ANSWER_NOTE } from '../document.inputs';
import type { PrintedDocument, PrintedParty, RecapitulationRow } from './printed-document';

/** The page and the Content-Security-Policy that lets exactly its own style and inline images load. */
export interface DocumentPage {
  markup: string;
  csp: string;
}

/** A QUOTE's answer on its page: what the customer can do now, and where the form posts. */
export interface AnswerForm {
  canAccept: boolean;
  canDecline: boolean;
  expired: boolean;
  action: string;
}

/**
 * An unpaid invoice's "Zaplatit online" (issue 28): the form posts to `action`, which sends the
 * customer on to the gateway's payment page, one of `redirectOrigins` (the CSP's form-action
 * covers the redirect too).
 */
export interface PayOnlineForm {
  action: string;
  redirectOrigins: readonly string[];
}

function style(accent: string): string {
  return `*{box-sizing:border-box}body{font-family:"DejaVu Sans",system-ui,sans-serif;color:#222;margin:0;background:#f4f4f4}
main{max-width:52rem;margin:1.5rem auto;background:#fff;padding:2rem;border-top:6px solid ${accent}}
header{display:flex;justify-content:space-between;align-items:flex-start;gap:1rem}h1{color:${accent};font-size:1.5rem;margin:0 0 .3rem}
.logo{max-width:12rem;max-height:5rem}.parties{display:grid;grid-template-columns:1fr 1fr;gap:1.5rem;margin:1.5rem 0}
h2{font-size:.8rem;text-transform:uppercase;letter-spacing:.05em;color:${accent};margin:0 0 .4rem}p{margin:.15rem 0}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem;margin:1rem 0}dt{color:#666}dd{margin:0}
table{width:100%;border-collapse:collapse;margin:1rem 0}th,td{padding:.35rem .4rem;border-bottom:1px solid #ddd;text-align:right}
th:first-child,td:first-child{text-align:left}td:not(:first-child){white-space:nowrap}th{background:${accent};color:#fff;font-weight:600}
.totals{margin-left:auto;width:auto}.totals td{border:none}.due td{font-weight:700;font-size:1.1rem}
.payment{display:flex;gap:2rem;align-items:center;justify-content:space-between;margin-top:1.5rem}
.qr img{width:11rem;height:11rem}.qr figcaption{font-size:.8rem;color:#666;max-width:11rem}
footer{margin-top:2rem;font-size:.8rem;color:#666;border-top:1px solid #ddd;padding-top:.6rem}
.download{display:inline-block;margin-top:1rem;color:${accent}}
.answer{margin-top:1.5rem;border-top:1px solid #ddd;padding-top:1rem}.answer textarea{width:100%;min-height:4rem}
.answer button{margin:.5rem .5rem 0 0;padding:.5rem 1rem;border:1px solid ${accent};background:#fff;color:${accent};font-weight:600}
.answer button[value=ACCEPT]{background:${accent};color:#fff}
.pay-online button{margin-top:1rem;padding:.6rem 1.4rem;border:none;background:${accent};color:#fff;font-weight:700;font-size:1rem}
@media (max-width:40rem){main{margin:0;padding:1rem}.parties{grid-template-columns:1fr}.payment{flex-wrap:wrap}table[data-field=items],table[data-field=recapitulation]{display:block;overflow-x:auto}}
@media print{body{background:#fff}main{margin:0;box-shadow:none}.download{display:none}}`;
}

function dataUrl(contentType: string, data: Buffer): string {
  return `data:${contentType};base64,${data.toString('base64')}`;
}

function party(p: PrintedParty, role: 'supplier' | 'customer', labels: PrintedDocument['labels']): SafeHtml {
  return html`<p data-field="${role}-name"><strong>${p.name}</strong></p>
${p.address.map((line) => html`<p>${line}</p>`)}
${p.taxId ? html`<p>${labels.taxId}: <span data-field="${role}-taxId">${p.taxId}</span></p>` : ''}
${p.vatId ? html`<p>${labels.vatId}: <span data-field="${role}-vatId">${p.vatId}</span></p>` : ''}`;
}

/** A VAT recapitulation: per rate the base, VAT and total in `currency`. */
function recapitulationTable(
  l: PrintedDocument['labels'],
  field: string,
  caption: string,
  rows: RecapitulationRow[],
  currency: string,
): SafeHtml {
  return html`<table data-field="${field}" tabindex="0"><caption>${caption}</caption><thead><tr><th>${l.vatRate}</th><th>${l.base}</th><th>${l.vat}</th><th>${l.lineTotal}</th></tr></thead>
<tbody>${rows.map((r) => html`<tr data-field="vat-rate"><td>${r.vatRate}</td><td>${r.base} ${currency}</td><td>${r.vat} ${currency}</td><td>${r.total} ${currency}</td></tr>`)}</tbody></table>`;
}

/** The lines with their prices, or (a delivery note without prices) their names and quantities only. */
function itemsTable(d: PrintedDocument): SafeHtml {
  const l = d.labels;
  if (!d.prices)
    return html`<table data-field="items" tabindex="0"><thead><tr><th>${l.item}</th><th>${l.quantity}</th></tr></thead>
<tbody>${d.lines.map((i) => html`<tr data-field="item"><td>${i.name}</td><td>${i.quantity} ${i.unit}</td></tr>`)}</tbody></table>`;
  return html`<table data-field="items" tabindex="0"><thead><tr><th>${l.item}</th><th>${l.quantity}</th><th>${l.unitPrice}</th><th>${l.vatRate}</th><th>${l.base}</th><th>${l.vat}</th><th>${l.lineTotal}</th></tr></thead>
<tbody>${d.lines.map(
    (i) =>
      html`<tr data-field="item"><td>${i.name}</td><td>${i.quantity} ${i.unit}</td><td>${i.unitPrice}</td><td>${i.vatRate}</td><td>${i.base}</td><td>${i.vat}</td><td>${i.total}</td></tr>`,
  )}</tbody></table>`;
}

/** The recapitulations and sums; paid and remaining only on a document that asks for money. */
function amounts(d: PrintedDocument): SafeHtml {
  const l = d.labels;
  const c = d.currency;
  return html`${recapitulationTable(l, 'recapitulation', d.correction ? l.correctionDifferences : l.recapitulation, d.recapitulation, c)}
${d.czk ? recapitulationTable(l, 'recapitulation-czk', `${l.recapitulationCzk} (${l.exchangeRate} ${d.czk.exchangeRate})`, d.czk.recapitulation, 'CZK') : ''}
<table class="totals"><tbody>
<tr><td>${l.base}</td><td data-field="subtotal">${d.subtotal} ${c}</td></tr>
<tr><td>${l.vat}</td><td data-field="vat-total">${d.vatTotal} ${c}</td></tr>
<tr><td>${l.lineTotal}</td><td data-field="total">${d.total} ${c}</td></tr>
${d.credited ? html`<tr><td>${l.credited}</td><td data-field="credited">${d.credited} ${c}</td></tr>` : ''}
${d.paymentDetails ? html`<tr><td>${l.paid}</td><td data-field="paid">${d.paid} ${c}</td></tr><tr class="due"><td>${l.remaining}</td><td data-field="remaining">${d.remaining} ${c}</td></tr>` : ''}
</tbody></table>`;
}

/** How to pay: the account, the variable symbol, the due date and the QR code. */
function paymentSection(d: PrintedDocument, qrPng: Buffer | null): SafeHtml {
  const l = d.labels;
  return html`<section class="payment"><div><h2>${l.payment}</h2>
<p>${l.paymentMethod}: ${l.bankTransfer}</p>
${d.payment.accountNumber ? html`<p>${l.accountNumber}: <span data-field="account-number">${d.payment.accountNumber}</span></p>` : ''}
${d.payment.iban ? html`<p>${l.iban}: <span data-field="iban">${d.payment.iban}</span></p>` : ''}
${d.variableSymbol ? html`<p>${l.variableSymbol}: ${d.variableSymbol}</p>` : ''}
<p>${l.dueDate}: ${d.dueDate}</p></div>
${d.qr && qrPng ? html`<figure class="qr"><img src="${dataUrl('image/png', qrPng)}" alt="${l.qrAlt}" data-spayd="${d.qr.spayd}"><figcaption>${l.qrCaption}</figcaption></figure>` : ''}
</section>`;
}

/** A QUOTE's Accept and Decline (with a note), or why it can no longer be accepted. */
/** Where the page's forms may post (and be redirected): its own address, and a gateway's payment page. */
function formSources(answer: AnswerForm | null, payOnline: PayOnlineForm | null): string {
  const answers = answer && (answer.canAccept || answer.canDecline);
  if (!answers && !payOnline) return "'none'";
  return ["'self'", ...(payOnline?.redirectOrigins ?? [])].join(' ');
}

function answerSection(l: PrintedDocument['labels'], form: AnswerForm): SafeHtml {
  const expired = form.expired ? html`<p data-field="quote-expired">${l.quoteExpired}</p>` : html``;
  if (!form.canAccept && !form.canDecline) return expired;
  return html`<form class="answer" data-field="quote-answer" method="post" action="${form.action}">${expired}
<label for="answer-note">${l.answerNote}</label><textarea id="answer-note" name="note" maxlength="${MAX_ANSWER_NOTE}"></textarea>
${form.canAccept ? html`<button type="submit" name="answer" value="ACCEPT">${l.accept}</button>` : ''}
<button type="submit" name="answer" value="DECLINE">${l.decline}</button></form>`;
}

/**
 * The customer's document as a server-rendered page: every value escaped, no script, images inline
 * (data: URLs), so the CSP allows nothing but the page's own style (by hash) and those images, and
 * the form of a quote's answer posting to its own address.
 */
export function documentPage(
  d: PrintedDocument,
  pdfHref: string,
  qrPng: Buffer | null,
  answer: AnswerForm | null = null,
  payOnline: PayOnlineForm | null = null,
): DocumentPage {
  const l = d.labels;
  const css = style(d.accentColor);
  const markup = html`<!doctype html>
<html lang="${d.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer"><title>${d.title} ${d.number} · ${d.supplier.name}</title><style>${new SafeHtml(css)}</style></head>
<body><main>
<header><div><h1 data-field="title">${d.title}</h1>${d.notice ? html`<p data-field="notice">${d.notice}</p>` : ''}<p>${l.number}: <strong data-field="number">${d.number}</strong></p></div>
${d.logo ? html`<img class="logo" src="${dataUrl(d.logo.contentType, d.logo.data)}" alt="${d.supplier.name}">` : ''}</header>
<section class="parties">
<div><h2>${l.supplier}</h2>${party(d.supplier, 'supplier', l)}
${d.supplier.vatPayer ? '' : html`<p data-field="supplier-not-vat-payer">${l.notVatPayer}</p>`}
${d.supplier.registryText ? html`<p data-field="supplier-registry">${d.supplier.registryText}</p>` : ''}
${d.supplier.email ? html`<p>${d.supplier.email}</p>` : ''}${d.supplier.phone ? html`<p>${d.supplier.phone}</p>` : ''}</div>
<div><h2>${l.customer}</h2>${party(d.customer, 'customer', l)}</div>
</section>
<dl>
<dt>${l.issueDate}</dt><dd data-field="issue-date">${d.issueDate}</dd>
${d.taxableSupplyDate ? html`<dt>${l.taxableSupplyDate}</dt><dd data-field="taxable-supply-date">${d.taxableSupplyDate}</dd>` : ''}
${d.paymentDetails ? html`<dt>${l.dueDate}</dt><dd data-field="due-date">${d.dueDate}</dd>` : ''}
${d.paymentDetails && d.variableSymbol ? html`<dt>${l.variableSymbol}</dt><dd data-field="variable-symbol">${d.variableSymbol}</dd>` : ''}
${d.proformaNumber ? html`<dt>${l.proforma}</dt><dd data-field="proforma">${d.proformaNumber}</dd>` : ''}
${d.settledAdvances ? html`<dt>${l.settledAdvances}</dt><dd data-field="settled-advances">${d.settledAdvances}</dd>` : ''}
${d.quote?.validUntil ? html`<dt>${l.validUntil}</dt><dd data-field="valid-until">${d.quote.validUntil}</dd>` : ''}
${d.quote?.answer ? html`<dt>${d.title}</dt><dd data-field="quote-answered">${d.quote.answer}</dd>` : ''}
${d.correction ? html`<dt>${l.correctedDocument}</dt><dd data-field="corrected-document">${d.correction.documentNumber}</dd><dt>${l.correctionReason}</dt><dd data-field="correction-reason">${d.correction.reason}</dd>` : ''}
</dl>
${itemsTable(d)}
${d.prices ? amounts(d) : ''}
${d.reverseCharge ? html`<p data-field="reverse-charge"><strong>${d.reverseCharge}</strong></p>` : ''}
${d.paymentDetails ? paymentSection(d, qrPng) : ''}
${payOnline ? html`<form class="pay-online" data-field="pay-online" method="post" action="${payOnline.action}"><button type="submit">${l.payOnline}</button></form>` : ''}
${answer ? answerSection(l, answer) : ''}
<a class="download" href="${pdfHref}" download>${l.download}</a>
${d.footerText ? html`<footer data-field="footer">${d.footerText}</footer>` : ''}
</main></body></html>`.value;
  const styleHash = createHash('sha256').update(css).digest('base64');
  const formAction = formSources(answer, payOnline);
  const csp = `default-src 'none'; style-src 'sha256-${styleHash}'; img-src data:; base-uri 'none'; form-action ${formAction}; frame-ancestors 'none'`;
  return { markup, csp };
}
