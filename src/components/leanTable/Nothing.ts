export { Nothing as default } from './features';
