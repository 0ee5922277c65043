import ComingSoon from '../../components/ComingSoon';

export default function HomePage() {
  return <ComingSoon heading="Home" />;
}
