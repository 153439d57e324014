/** The frame of the sign-in, sign-up and reset screens. */
export function AuthCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-sm px-4 py-16 sm:py-24">
      <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
      {intro && <p className="text-muted mt-2 text-sm">{intro}</p>}
      <div className="mt-8">{children}</div>
    </div>
  );
}
