import { Link } from 'react-router-dom';
import { paths } from '../../platform/paths';
import { PageTitle } from '../../components/PageTitle';
import { GuideStepCard } from './GuideStepCard';
import { useGuideProgress } from './useGuideProgress';
import './guide.css';

/** The guided start: the household's first month in four steps, each explained and each skippable. */
export default function GuidePage() {
  const progress = useGuideProgress();
  return (
    <section className="ec-guide" aria-label="Guided start">
      <PageTitle title="Guided start" />
      <p className="ec-guide__intro">
        Four steps from an empty household to a month you can trust. Each one says why it matters; skip any you do not need, and come back here from
        the menu at any time. The words are explained in the <Link to={paths.glossary}>Glossary</Link>.
      </p>
      {progress.ready && (
        <>
          {!progress.next && <p className="ec-guide__through">You are through the guided start. Each month: plan, record, reconcile, then close and copy.</p>}
          <ol className="ec-guide__steps">
            {progress.steps.map(({ step, state }, index) => (
              <GuideStepCard
                key={step.id}
                step={step}
                number={index + 1}
                state={state}
                current={progress.next?.id === step.id}
                onSkip={() => progress.skip(step.id)}
                onUnskip={() => progress.unskip(step.id)}
              />
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
