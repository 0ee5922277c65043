import { usePageHeading } from './usePageHeading';

/** Areas that later issues build: a clear placeholder inside the shell (the toolbar carries the heading). */
export default function ComingSoon({ heading, text = 'This part of EveryCent is coming soon.' }: { heading: string; text?: string }) {
  usePageHeading(heading);
  return (
    <section className="ec-coming-soon" aria-label={heading}>
      <p>{text}</p>
    </section>
  );
}
