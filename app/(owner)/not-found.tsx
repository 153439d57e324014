import { NotFoundMessage } from "@/components/layout/not-found-message";

/** An unknown project or section on an owner page, inside the owner layout's one main landmark. */
export default function OwnerNotFound() {
  return <NotFoundMessage />;
}
