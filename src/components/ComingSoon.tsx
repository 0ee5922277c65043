import { usePageHeading } from './usePageHeading';

/** Areas that later issues build: a clear placeholder inside the shell. */
export default function ComingSoon({ heading }: { heading: string }) {
  usePageHeading(heading);
  return (
    <section className="ec-coming-soon">
      <h2>{heading}</h2>
      <p>This part of EveryCent is coming soon.</p>
    </section>
  );
}
