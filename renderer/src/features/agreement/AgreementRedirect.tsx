import { Navigate, useLocation, useParams } from 'react-router';

/** `#/tasks/:taskId/agreement` → `#/agreement/:taskId`, keeping the query (the task page links here). */
export default function AgreementRedirect() {
  const { taskId } = useParams();
  const { search } = useLocation();
  return <Navigate to={`/agreement/${taskId ?? ''}${search}`} replace />;
}
