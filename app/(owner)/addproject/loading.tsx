import { LoadingScreen } from "@/components/auth/loading-screen";

/* See dashboard/loading.tsx: no loading boundary where a page may be a 404. */
export default LoadingScreen;
