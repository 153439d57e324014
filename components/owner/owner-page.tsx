import Link from "next/link";

type OwnerPageProps = {
  title: string;
  intro?: string;
  back?: { href: string; label: string };
  children: React.ReactNode;
};

/** The frame of an owner screen: a back link, the page heading and a short explanation. */
export function OwnerPage({ title, intro, back, children }: OwnerPageProps) {
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-10 sm:px-6">
      {back ? (
        <Link href={back.href} className="text-sm font-medium underline underline-offset-2">
          ← {back.label}
        </Link>
      ) : null}
      <h1 className="mt-3 text-3xl font-semibold tracking-tight">{title}</h1>
      {intro ? <p className="text-muted mt-2">{intro}</p> : null}
      <div className="mt-8">{children}</div>
    </div>
  );
}
