import type { ReactNode } from 'react';

/**
 * A list of records that is a table from `sm` up and a stack of blocks below it (its rows lay themselves out
 * as blocks; the header row is hidden): several columns cannot fit a phone, and a long unbroken value wraps
 * anywhere instead of widening the page. The last column holds each row's actions.
 */
export function StackedTable({ columns, children }: { columns: string[]; children: ReactNode }) {
  return (
    <div className="mt-4 sm:overflow-x-auto">
      <table className="block w-full text-left text-sm sm:table">
        <thead className="hidden border-b border-slate-200 text-xs tracking-wide text-slate-500 uppercase sm:table-header-group dark:border-slate-800 dark:text-slate-400">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="py-2 pr-4 font-medium">
                {column}
              </th>
            ))}
            <th scope="col" className="py-2 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="block divide-y divide-slate-100 sm:table-row-group dark:divide-slate-800">{children}</tbody>
      </table>
    </div>
  );
}
