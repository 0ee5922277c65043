import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../platform/paths';
import { guideSteps, type GuideStepId } from './guideSteps';
import { useGuideDone } from './useGuideProgress';
import './guide.css';

interface GuideNextStepProps {
  /** What the screen is missing, in its own words. */
  missing: ReactNode;
  /** The step that fills the screen; without it, the household's first step not done. */
  step?: GuideStepId;
  /** Offer the step even when the household has done it (a sink fund is an account of its own kind). */
  evenWhenDone?: boolean;
}

/**
 * An empty screen's offer of the guided start's step that fills it: what is missing, then the step (by its
 * number and title) with its links. When an earlier step is not done yet, that one comes first: a budget needs
 * accounts, transactions need a budget. Plain elements only: it sits on pages that load without antd.
 *
 * Place it last on its page: it appears when the guide's own answers arrive, after the page's, and whatever it
 * appeared above would move under the person's pointer.
 */
export function GuideNextStep({ missing, step, evenWhenDone = false }: GuideNextStepProps) {
  // What the app already holds is enough: the screen's own data says it is empty, and writes refresh these lists.
  const { ready, done } = useGuideDone({ askAfresh: false });
  const upTo = step ? guideSteps.findIndex((candidate) => candidate.id === step) : guideSteps.length;
  const earlier = ready ? guideSteps.slice(0, upTo).find((candidate) => !done[candidate.id]) : undefined;
  const offered = earlier ?? guideSteps[upTo];
  if (!ready || !offered || (!earlier && done[offered.id] && !evenWhenDone)) return null;
  const number = guideSteps.indexOf(offered) + 1;
  return (
    <div className="ec-guide-next" role="note" aria-label="Next step">
      <p className="ec-guide-next__missing">{missing}</p>
      <p className="ec-guide-next__step">
        {earlier && step ? 'First, guided start' : 'Guided start'} step {number} of {guideSteps.length}: <strong>{offered.title}</strong>
      </p>
      <div className="ec-guide-next__links">
        {offered.links.map((link) => (
          <Link key={link.to} to={link.to}>
            {link.label}
          </Link>
        ))}
        <Link to={paths.guide}>All steps</Link>
      </div>
    </div>
  );
}
