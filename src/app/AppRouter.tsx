import { RouterProvider } from 'react-router-dom';
import { createAppRouter } from './router';

// Created when this chunk first loads, i.e. once per page load.
const router = createAppRouter();

/** The routed app: its own chunk, so the login page can show before the router has loaded. */
export default function AppRouter() {
  return <RouterProvider router={router} />;
}
