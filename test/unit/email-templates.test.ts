import { expect } from 'chai';
import { ValidationError } from '../../src/core/errors';
import { DOCUMENT_LANGUAGES } from '../../src/core/languages';
import {
  DEFAULT_TEMPLATES,
  defaultTemplate,
  EMAIL_KINDS,
  TEMPLATE_VARIABLES,
  type TemplateVariables,
} from '../../src/modules/emailtemplates/email-templates';
import { renderTemplate } from '../../src/modules/emailtemplates/template-renderer';

const VALUES: TemplateVariables = {
  documentNumber: 'FV-2026-0042',
  amountDue: '12 100,00 CZK',
  dueDate: '1. 7. 2026',
  daysOverdue: '7',
  variableSymbol: '20260042',
  company: 'Žluťoučký kůň s.r.o.',
  contact: 'Příliš Ďábelská Ódy a.s.',
  publicLink: 'https://faktura.example/d/abc',
};

/** The letters each language's default must carry intact beyond ASCII (English has none). */
const LETTERS = { cs: /[ěščřžýáíéůúďťň]/, en: null, de: /[äöüß]/ };

describe('e-mail templates: the renderer', () => {
  for (const language of DOCUMENT_LANGUAGES)
    for (const kind of EMAIL_KINDS)
      it(`renders the default ${kind} in ${language}, every variable filled and diacritics intact`, () => {
        const template = DEFAULT_TEMPLATES[language][kind];
        const email = renderTemplate(template, VALUES);
        expect(email.subject).to.include(VALUES.documentNumber);
        expect(email.subject).not.to.include('{{');
        expect(email.text).not.to.include('{{');
        expect(email.text).to.include(VALUES.documentNumber);
        expect(email.text).to.include('Žluťoučký kůň s.r.o.');
        const letters = LETTERS[language];
        if (letters) expect(email.text + email.subject).to.match(letters);
        expect(email.text).not.to.include('\uFFFD');
        expect(email.text).to.equal(email.text.normalize('NFC'));
        expect(email.html).to.include('<meta charset="utf-8">');
        expect(email.html).to.include('Žluťoučký kůň s.r.o.');
        if (template.body.includes('{{publicLink}}'))
          expect(email.html).to.include('<a href="https://faktura.example/d/abc">');
        // The text's words are the HTML's: the template's own text (with its diacritics) is in both.
        const firstLine = email.text.split('\n')[0];
        expect(email.html).to.include(firstLine);
      });

  for (const language of DOCUMENT_LANGUAGES)
    it(`words the default reminder by its step in ${language}: before, on and after the due day`, () => {
      const [before, onDay, after, general] = [-3, 0, 7, null].map((step) =>
        renderTemplate(defaultTemplate(language, 'REMINDER', step), VALUES),
      );
      expect(new Set([before.subject, onDay.subject, after.subject]).size).to.equal(3);
      expect(after).to.deep.equal(general);
      for (const email of [before, onDay]) {
        expect(email.text + email.subject).not.to.include('{{');
        expect(email.text).to.include(VALUES.dueDate).and.include(VALUES.amountDue);
        const letters = LETTERS[language];
        if (letters) expect(email.text).to.match(letters);
      }
    });

  it('keeps the Czech default wording as written (diacritics, the dash, no mojibake)', () => {
    const email = renderTemplate(DEFAULT_TEMPLATES.cs.REMINDER, VALUES);
    expect(email.subject).to.equal('Upomínka: faktura FV-2026-0042 – Žluťoučký kůň s.r.o.');
    expect(email.text).to.include('dosud nebyla uhrazena (dní po splatnosti: 7)');
    expect(email.text).to.include('Zbývá uhradit 12 100,00 CZK, variabilní symbol 20260042.');
    expect(Buffer.from(email.text, 'utf8').toString('utf8')).to.equal(email.text);
  });

  it('names an unknown variable, in the subject or the body', () => {
    expect(() => renderTemplate({ subject: 'Doklad {{cislo}}', body: 'x' }, VALUES))
      .to.throw(ValidationError, '{{cislo}}')
      .with.property('details')
      .that.deep.includes({
        path: 'subject',
        message: `unknown variable {{cislo}}; known: ${TEMPLATE_VARIABLES.join(', ')}`,
      });
    expect(() => renderTemplate({ subject: 'ok', body: 'Zaplaťte {{ amountDue }} do {{ splatnost }}' }, VALUES))
      .to.throw(ValidationError, '{{splatnost}}')
      .with.nested.property('details[0].path', 'body');
  });

  it('allows spaces inside the braces and a variable twice', () => {
    const email = renderTemplate({ subject: '{{ documentNumber }}', body: '{{company}} / {{company}}' }, VALUES);
    expect(email.subject).to.equal('FV-2026-0042');
    expect(email.text).to.equal('Žluťoučký kůň s.r.o. / Žluťoučký kůň s.r.o.');
  });

  it('escapes values and the template text in the HTML body, not in the text body', () => {
    const hostile = { ...VALUES, contact: '<script>alert("x")</script> & Co', publicLink: 'javascript:alert(1)' };
    const email = renderTemplate({ subject: 'Hi', body: '<b>Dear</b> {{contact}}\n\nLink: {{publicLink}}' }, hostile);
    expect(email.text).to.equal('<b>Dear</b> <script>alert("x")</script> & Co\n\nLink: javascript:alert(1)');
    expect(email.html).to.include(
      '<p>&lt;b&gt;Dear&lt;/b&gt; &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co</p>',
    );
    // Only an http(s) link becomes a link.
    expect(email.html).to.include('<p>Link: javascript:alert(1)</p>');
    expect(email.html).not.to.include('<script>');
  });

  it('keeps the subject on one line whatever a value holds', () => {
    const email = renderTemplate(
      { subject: 'Doklad {{documentNumber}}', body: 'x' },
      { ...VALUES, documentNumber: 'A\r\nBcc: victim@example.cz' },
    );
    expect(email.subject).to.equal('Doklad A Bcc: victim@example.cz');
  });

  it('keeps lines and paragraphs in the HTML body', () => {
    const email = renderTemplate({ subject: 's', body: 'a\nb\n\nc' }, VALUES);
    expect(email.html).to.include('<p>a<br>\nb</p>\n<p>c</p>');
  });
});
