// Layout of the static legal pages: title, effective date, a table of contents and numbered sections.
import type { ReactNode } from 'react';

export const LEGAL_EFFECTIVE_DATE = 'May 13, 2025';
/** Where legal and privacy questions go; one place to change it for a deployment. */
export const LEGAL_CONTACT_EMAIL = 'legal@aerisk.app';

export type LegalSection = { id: string; title: string; body: ReactNode };

export function LegalDocument({ title, intro, sections }: { title: string; intro: ReactNode; sections: LegalSection[] }) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 lg:px-8">
      <header className="border-b border-slate-200 pb-8 dark:border-slate-800">
        <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase dark:text-brand-400">Legal</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">{title}</h1>
        <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">Effective date: {LEGAL_EFFECTIVE_DATE}</p>
        <div className="mt-6 max-w-3xl space-y-4 text-base leading-7 text-slate-700 dark:text-slate-300">{intro}</div>
      </header>
      <div className="mt-10 grid gap-10 lg:grid-cols-[14rem_1fr]">
        <nav aria-label="Contents" className="lg:sticky lg:top-24 lg:self-start">
          <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">Contents</p>
          <ol className="mt-3 space-y-2 text-sm">
            {sections.map((section, index) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="text-slate-600 hover:text-brand-600 dark:text-slate-400 dark:hover:text-brand-300">
                  {index + 1}. {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="space-y-10">
          {sections.map((section, index) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="scroll-mt-24">
              <h2 id={`${section.id}-title`} className="text-xl font-semibold text-slate-900 dark:text-white">
                {index + 1}. {section.title}
              </h2>
              <div className="mt-3 space-y-4 text-base leading-7 text-slate-700 [&_li]:ml-5 [&_li]:list-disc [&_li]:pl-1 [&_ul]:space-y-2 dark:text-slate-300">
                {section.body}
              </div>
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
