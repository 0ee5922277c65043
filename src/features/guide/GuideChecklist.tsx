import { Link } from 'react-router-dom';
import { guideSteps } from './guideSteps';
import { useGuideProgress } from './useGuideProgress';
import './guide.css';

/**
 * The guided start's steps as a checklist, for the setup pages: the same four steps as Home's card and the
 * Guided start page (one list of steps, not a second one of its own), each with its links. Gone once every
 * step is done or skipped.
 */
export function GuideChecklist() {
  const progress = useGuideProgress();
  if (!progress.ready || !progress.next) return null;
  return (
    <aside className="ec-guide-checklist" aria-label="Guided start">
      <strong>Guided start</strong>
      <ol>
        {progress.steps.map(({ step, state }) => (
          <li key={step.id} className={state === 'done' ? 'ec-guide-checklist__done' : undefined}>
            {/* One marker per step: the list's own numbers are off, so "1. ○" never shows. */}
            <span className="ec-guide-checklist__marker" aria-hidden="true">
              {state === 'done' ? '✓' : guideSteps.indexOf(step) + 1}
            </span>
            <span>
              {step.title}
              {state === 'done' && <span className="ec-visually-hidden"> (done)</span>}
              {state === 'skipped' && ' (skipped)'}
              {': '}
              <span className="ec-guide-checklist__links">
                {step.links.map((link) => (
                  <Link key={link.to} to={link.to}>
                    {link.label}
                  </Link>
                ))}
              </span>
            </span>
          </li>
        ))}
      </ol>
    </aside>
  );
}
