// GET /aerial/analysis/{id}/report.pdf (issue 10, item 3): the property report as a download.
import { propertyReport } from '../services/reports';
import { signedIn, type Route } from './router';

export const reportRoutes: Route[] = [
  {
    method: 'GET',
    path: '/aerial/analysis/:id/report.pdf',
    async handle(req) {
      const { ctx, viewer } = await signedIn(req);
      const { pdf, row } = await propertyReport(ctx.analysis, viewer, req.params.id);
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
