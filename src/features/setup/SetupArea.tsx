import ComingSoon from '../../components/ComingSoon';

export default function SetupArea() {
  return <ComingSoon heading="Setup" />;
}
