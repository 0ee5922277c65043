export { useSorter as default, getSortData } from './features';
