// The activity log's public face: Home shows the latest entries with the same list as the Activity page.
export { ActivityList } from './ActivityList';
