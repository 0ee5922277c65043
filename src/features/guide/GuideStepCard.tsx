import { Link } from 'react-router-dom';
import { Button } from '../../components/Button';
import { HelpTip } from '../glossary';
import type { GuideStep } from './guideSteps';
import type { GuideStepState } from './useGuideProgress';

const stateText: Record<GuideStepState, string> = { done: 'Done', skipped: 'Skipped', todo: 'To do' };

/** One step of the guided start: what to do, why, where, and a way to skip it (or take the skip back). */
export function GuideStepCard({
  step,
  number,
  state,
  current,
  onSkip,
  onUnskip,
}: {
  step: GuideStep;
  number: number;
  state: GuideStepState;
  current: boolean;
  onSkip: () => void;
  onUnskip: () => void;
}) {
  const titleId = `guide-step-${step.id}`;
  return (
    <li className={`ec-guide-step ec-guide-step--${state}${current ? ' ec-guide-step--current' : ''}`} aria-labelledby={titleId} aria-current={current ? 'step' : undefined}>
      <div className="ec-guide-step__head">
        <span className="ec-guide-step__marker" aria-hidden="true">
          {state === 'done' ? '✓' : number}
        </span>
        <h3 id={titleId} className="ec-guide-step__title">
          Step {number}: {step.title}
          {step.term && <HelpTip term={step.term} />}
        </h3>
        <span className="ec-guide-step__state">{stateText[state]}</span>
      </div>
      <p className="ec-guide-step__why">{step.why}</p>
      <div className="ec-guide-step__actions">
        {step.links.map((link) => (
          <Link key={link.to} to={link.to} className={`ec-btn${current ? ' ec-btn-primary' : ''}`}>
            {link.label}
          </Link>
        ))}
        {state === 'todo' && <Button onClick={onSkip}>Skip this step</Button>}
        {state === 'skipped' && <Button onClick={onUnskip}>Back to this step</Button>}
      </div>
    </li>
  );
}
