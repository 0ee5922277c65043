import { Link } from 'react-router-dom';
import { paths } from '../../platform/paths';
import { Button } from '../../components/Button';
import { guideSteps } from './guideSteps';
import { GuideStepCard } from './GuideStepCard';
import { useGuideProgress } from './useGuideProgress';
import './guide.css';

/** Home's offer of the next step of the guided start; gone once every step is done or skipped. */
export function GuideCard() {
  const progress = useGuideProgress();
  const { next } = progress;
  if (!progress.ready || !next) return null;
  const index = guideSteps.indexOf(next);
  return (
    <section className="ec-guide-card" aria-labelledby="ec-guide-card-title">
      <div className="ec-guide-card__head">
        <h2 id="ec-guide-card-title" className="ec-guide-card__title">
          Guided start: step {index + 1} of {guideSteps.length}
        </h2>
        <Link to={paths.guide}>All steps</Link>
      </div>
      <ol className="ec-guide__steps" start={index + 1}>
        <GuideStepCard step={next} number={index + 1} state="todo" current onSkip={() => progress.skip(next.id)} onUnskip={() => progress.unskip(next.id)} />
      </ol>
      <Button size="small" className="ec-guide-card__hide" onClick={progress.skipAll}>
        Hide the guided start
      </Button>
    </section>
  );
}
