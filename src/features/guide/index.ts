// The guided start's public face: Home shows the next step.
export { GuideCard } from './GuideCard';
// Each empty screen offers the step that fills it.
export { GuideNextStep } from './GuideNextStep';
// The setup pages show the same steps as a checklist.
export { GuideChecklist } from './GuideChecklist';
