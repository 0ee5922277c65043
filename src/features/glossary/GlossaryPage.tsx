import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../../platform/paths';
import { PageTitle } from '../../components/PageTitle';
import { glossary, glossaryTermIds, type GlossaryTermId } from './terms';
import './glossary.css';

const isTerm = (value: string | null): value is GlossaryTermId => value !== null && value in glossary;

/** Every word of the app explained in one place; `?term=` (from a help popover) brings that word into view. */
export default function GlossaryPage() {
  const [params] = useSearchParams();
  const chosen = params.get('term');

  useEffect(() => {
    if (!isTerm(chosen)) return;
    const target = document.getElementById(`glossary-${chosen}`);
    if (!target) return;
    target.focus({ preventScroll: true });
    // Not every browser engine (nor jsdom) can scroll an element into view.
    if ('scrollIntoView' in target) target.scrollIntoView({ block: 'center' });
  }, [chosen]);

  return (
    <section className="ec-glossary" aria-label="Glossary">
      <PageTitle title="Glossary" />
      <p className="ec-glossary__intro">
        The words EveryCent uses, in plain terms. New here? The <Link to={paths.guide}>guided start</Link> takes you through the first month step by step.
      </p>
      <dl className="ec-glossary__list">
        {glossaryTermIds.map((id) => {
          const entry = glossary[id];
          return (
            <div key={id} className={`ec-glossary__entry${id === chosen ? ' ec-glossary__entry--chosen' : ''}`}>
              <dt id={`glossary-${id}`} tabIndex={-1}>
                {entry.term}
              </dt>
              <dd>
                {entry.short}
                {'more' in entry && <> {entry.more}</>}
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
