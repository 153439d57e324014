import { listProjects } from "@/lib/data/projects";
import { getSiteSettings } from "@/lib/data/settings";
import { formatCategory } from "@/lib/domain";
import { DashboardProjectList } from "./project-list";
import { reelVideo, uploadedVideoView } from "@/lib/site/video-sources";
import { SiteSettingsForm } from "./site-settings-form";

/** The owner's part of the dashboard: the projects with their section links, and site settings. */
export async function OwnerDashboard() {
  const [settings, published] = await Promise.all([getSiteSettings(), listProjects("visitor")]);
  const previewProjects = published.slice(0, 4).map((project) => ({
    title: project.title,
    category: formatCategory(project.category),
    coverUrl: project.coverUrl,
  }));
  return (
    <div className="mt-12 grid gap-12 lg:grid-cols-[3fr_2fr]">
      <DashboardProjectList />
      <section aria-labelledby="dashboard-settings" className="space-y-4">
        <h2 id="dashboard-settings" className="text-2xl font-semibold tracking-tight">
          Site settings
        </h2>
        <p className="text-muted text-sm">
          Shown in the header, on the home, About and Reel pages and in the footer.
        </p>
        <div className="rounded-lg border border-black/10 bg-white p-5">
          <SiteSettingsForm
            initial={settings}
            previewProjects={previewProjects}
            reelPosterMeanwhile={!uploadedVideoView(reelVideo(settings)).videoUrl}
          />
        </div>
      </section>
    </div>
  );
}
