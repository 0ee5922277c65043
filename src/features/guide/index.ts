// The guided start's public face: Home shows the next step.
export { GuideCard } from './GuideCard';
