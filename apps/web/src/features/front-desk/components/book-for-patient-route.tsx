import { DASHBOARDS } from '@medbook/contracts';
import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { currentUser, rememberRedirect } from '../../../shared/session';
import { BookForPatientPage } from './book-for-patient-page';

const DESK_USERS = new Set(['Provider', 'Staff', 'PracticeAdmin']);

/** Booking for a patient: the practice's providers, staff and admins; visitors sign in first. */
export function BookForPatientRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  const [round, setRound] = useState(0);
  const user = currentUser();
  if (!user) {
    rememberRedirect(`${location.pathname}${location.search}`);
    return <Navigate to="/login" replace />;
  }
  if (!DESK_USERS.has(user.type) || !user.practice_id) {
    return <Navigate to={DASHBOARDS[user.type]} replace />;
  }
  const startOver = () => {
    void navigate('/practice/book');
    setRound((n) => n + 1);
  };
  return (
    <BookForPatientPage
      key={round}
      practiceId={user.practice_id}
      userType={user.type}
      onStartOver={startOver}
    />
  );
}
