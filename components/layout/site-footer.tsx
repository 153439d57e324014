export function SiteFooter({ ownerName }: { ownerName: string }) {
  return (
    <footer className="mt-auto border-t border-black/10">
      <div className="text-muted mx-auto max-w-7xl px-4 py-6 text-sm sm:px-6">
        © {new Date().getFullYear()} {ownerName}. All rights reserved.
      </div>
    </footer>
  );
}
