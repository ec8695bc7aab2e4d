import { createExtractor } from '../../src/modules/inbox/extraction';
import { accuracyTable, corpus, FIELDS, ratio, score, type Scored } from '../../test/inbox/corpus';
import type { BenchScenario } from './harness';
import { loadAverage } from './harness';

const KEY = ['supplierIco', 'variableSymbol', 'total'] as const;

/**
 * Issue 29 point 5: the extractor on the corpus (test/fixtures/inbox), one file at a time: per-field
 * accuracy and seconds per page for the text-layer PDFs, the 300 dpi scans and the 150 dpi scans.
 */
export const inboxOcrScenarios: BenchScenario[] = [
  {
    name: 'inbox-ocr: extraction accuracy and seconds per page on the corpus',
    async local() {
      const extractor = createExtractor();
      const entries = corpus();
      const sets: [string, { file: string; id: string }[]][] = [
        ['text-layer PDF (pdftotext)', entries.map((e) => ({ file: `${e.id}.pdf`, id: e.id }))],
        [
          'scan 300 dpi (tesseract)',
          entries.flatMap((e) => e.scans.filter((s) => s.includes('300dpi')).map((file) => ({ file, id: e.id }))),
        ],
        [
          'scan 150 dpi (tesseract)',
          entries.flatMap((e) => e.scans.filter((s) => s.includes('150dpi')).map((file) => ({ file, id: e.id }))),
        ],
      ];
      const out = [`load average (1/5/15 min) at start: ${loadAverage()}`, ''];
      const results: [string, Scored[]][] = [];
      for (const [name, files] of sets) results.push([name, await score(extractor, files, 1)]);
      out.push(`| field | ${results.map(([n]) => n).join(' | ')} |`, `|---|${results.map(() => '---').join('|')}|`);
      const tables = results.map(([, rows]) => accuracyTable(rows).map((l) => l.split('|')[3].trim()));
      FIELDS.forEach((f, i) => {
        const cells = results.map(
          ([, rows], j) => `${rows.filter((r) => r.right[f]).length}/${rows.length} (${tables[j][i]})`,
        );
        out.push(`| ${f} | ${cells.join(' | ')} |`);
      });
      out.push(
        `| **IČO + VS + total** | ${results.map(([, rows]) => `${(ratio(rows, KEY) * 100).toFixed(1)} %`).join(' | ')} |`,
        `| **all fields** | ${results.map(([, rows]) => `${(ratio(rows, FIELDS) * 100).toFixed(1)} %`).join(' | ')} |`,
      );
      out.push('', '| set | files | pages | seconds per page (mean) | median | slowest |', '|---|---|---|---|---|---|');
      for (const [name, rows] of results) {
        const perPage = rows.map((r) => r.seconds / Math.max(1, r.pages)).sort((a, b) => a - b);
        const pages = rows.reduce((n, r) => n + r.pages, 0);
        const mean = perPage.reduce((a, b) => a + b, 0) / perPage.length;
        out.push(
          `| ${name} | ${rows.length} | ${pages} | ${mean.toFixed(2)} | ${perPage[Math.floor(perPage.length / 2)].toFixed(2)} | ${perPage[perPage.length - 1].toFixed(2)} |`,
        );
      }
      out.push('', `load average at end: ${loadAverage()}`);
      return out;
    },
  },
];
