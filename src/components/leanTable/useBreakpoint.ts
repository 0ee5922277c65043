export { useBreakpoint as default } from './antdStyle';
