export { useTableStyle as default } from './antdStyle';
