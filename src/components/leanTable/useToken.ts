export { useToken } from './antdStyle';
