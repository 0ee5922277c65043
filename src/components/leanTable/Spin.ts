export { NoSpin as default } from './features';
