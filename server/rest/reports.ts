// GET /aerial/analysis/{id}/report.pdf (issue 10, item 3): the property report as a download.
import { requireViewer } from '../auth/context.js';
import { analysisDeps } from '../services/analysis-deps.js';
import { propertyReport, REPORT_FAILURE } from '../services/reports.js';
import type { Route } from './router.js';

export const reportRoutes: Route[] = [
  {
    method: 'GET',
    path: '/aerial/analysis/:id/report.pdf',
    fallbackMessage: REPORT_FAILURE,
    async handle(req) {
      const ctx = await req.context();
      const { pdf, row } = await propertyReport(analysisDeps(ctx), requireViewer(ctx), req.params.id);
      return new Response(new Uint8Array(pdf), {
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': `attachment; filename="aerisk-report-${row.id}.pdf"`,
          'content-length': String(pdf.length),
          'cache-control': 'no-store',
        },
      });
    },
  },
];
