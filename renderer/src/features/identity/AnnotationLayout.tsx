import { Outlet } from 'react-router';
import { RequireIdentity } from './RequireIdentity';

/** The annotation screens (tasks, labeling, adjudication): asks who you are before any of them. */
export default function AnnotationLayout() {
  return (
    <RequireIdentity>
      <Outlet />
    </RequireIdentity>
  );
}
