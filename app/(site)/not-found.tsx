import { NotFoundMessage } from "@/components/layout/not-found-message";

export default function SiteNotFound() {
  return <NotFoundMessage />;
}
