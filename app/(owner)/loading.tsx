import { LoadingScreen } from "@/components/auth/loading-screen";

export default function OwnerLoading() {
  return <LoadingScreen />;
}
