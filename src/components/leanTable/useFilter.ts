export { useFilter as default, getFilterData } from './features';
