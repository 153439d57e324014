import { LoadingScreen } from "@/components/auth/loading-screen";

/*
 * Only the owner pages that cannot be a 404 have a loading boundary: under one, the response has
 * started (status 200) before the page can call notFound() (/addsection and /editsectionpage
 * look their project or section up first).
 */
export default LoadingScreen;
