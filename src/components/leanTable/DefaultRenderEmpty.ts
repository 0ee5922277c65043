export { DefaultRenderEmpty as default } from './antdStyle';
