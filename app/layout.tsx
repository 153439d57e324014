import type { Metadata } from "next";
import { AuthProvider } from "@/components/auth/auth-provider";
import { BlurCleaner } from "@/components/ui/blur-cleaner";
import { ToastProvider } from "@/components/ui/toast-provider";
import { getSupabasePublicConfig } from "@/lib/supabase/config";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Portfolio", template: "%s · Portfolio" },
  description:
    "Portfolio of a freelance motion designer and illustrator based in Morocco, with 8+ years of experience.",
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body className="flex min-h-dvh flex-col font-sans antialiased">
        <BlurCleaner />
        {/* Configured at run time, so one build works with the embedded or a hosted service. */}
        <AuthProvider config={getSupabasePublicConfig()}>
          {/* At the root so a toast survives navigation between the owner and public pages. */}
          <ToastProvider>{children}</ToastProvider>
        </AuthProvider>
      </body>
    </html>
  );
}
