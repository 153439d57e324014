import type { Metadata } from "next";
import Link from "next/link";
import { OwnerPage } from "@/components/owner/owner-page";
import { MessageActions } from "@/components/owner/message-actions";
import { requireOwnerPage } from "@/lib/auth/owner-page";
import {
  getContactMessage,
  listContactMessages,
  type ContactMessage,
  type MessageView,
} from "@/lib/data/contact-messages";
import { isMessageFolder } from "@/lib/validation/inbox";
import { TRASH_RETENTION_DAYS } from "@/lib/validation/limits";

export const metadata: Metadata = { title: "Inbox", robots: { index: false } };

const VIEWS: { view: MessageView; label: string }[] = [
  { view: "inbox", label: "Inbox" },
  { view: "spam", label: "Spam" },
  { view: "archive", label: "Archive" },
  { view: "trash", label: "Trash" },
];

const when = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});

const viewHref = (view: MessageView, query = "", before = "") =>
  `/inbox?${new URLSearchParams({ folder: view, ...(query ? { q: query } : {}), ...(before ? { before } : {}) })}`;

/** The mailto: of Reply: the visitor's address, a subject, and their message quoted. */
function replyLink(message: ContactMessage): string {
  const subject = message.projectTitle ? `Re: ${message.projectTitle}` : "Re: your message";
  const quoted = message.message
    .split("\n")
    .map((line) => `> ${line}`)
    .join("\n");
  const body = `\n\nOn ${when.format(message.createdAt)} UTC, ${message.name} wrote:\n${quoted}\n`;
  const query = `subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
  return `mailto:${encodeURIComponent(message.email).replace(/%40/g, "@")}?${query}`;
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * The owner's inbox (docs/spec.md §12): folders, search, one message read at a time (its actions
 * mark it read once it is shown: a GET writes nothing), and Reply by e-mail with the message quoted.
 */
export default async function InboxPage({ searchParams }: { searchParams: SearchParams }) {
  await requireOwnerPage();
  const params = await searchParams;
  const folder = typeof params.folder === "string" ? params.folder : "inbox";
  const view: MessageView = isMessageFolder(folder) || folder === "trash" ? folder : "inbox";
  const query = typeof params.q === "string" ? params.q.trim().slice(0, 200) : "";
  const id = typeof params.id === "string" ? params.id : null;
  const before = typeof params.before === "string" ? params.before : null;

  const open = id ? await getContactMessage(id) : null;
  const { messages, older } = open
    ? { messages: [], older: false }
    : await listContactMessages(view, query, before);

  return (
    <OwnerPage
      title="Inbox"
      intro={`Messages sent with the contact form. Spam and deleted messages are deleted for good after ${TRASH_RETENTION_DAYS} days.`}
      back={{ href: "/dashboard", label: "Back to the dashboard" }}
    >
      <nav aria-label="Folders">
        <ul className="flex flex-wrap gap-2">
          {VIEWS.map((item) => (
            <li key={item.view}>
              <Link
                href={viewHref(item.view)}
                aria-current={item.view === view ? "page" : undefined}
                className="aria-[current=page]:border-ink aria-[current=page]:bg-ink rounded-md border border-black/20 bg-white px-3 py-1.5 text-sm font-medium hover:bg-black/5 aria-[current=page]:text-white"
              >
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {open ? (
        <article aria-labelledby="message-heading" className="mt-8 space-y-4">
          <Link
            href={viewHref(open.deletedAt ? "trash" : open.folder, query)}
            className="text-sm font-medium underline underline-offset-2"
          >
            ← Back to the list
          </Link>
          <h2 id="message-heading" className="text-xl font-semibold tracking-tight">
            {open.name}
          </h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted">E-mail</dt>
            <dd className="[overflow-wrap:anywhere]">{open.email}</dd>
            <dt className="text-muted">Received</dt>
            <dd>
              <time dateTime={open.createdAt.toISOString()}>{when.format(open.createdAt)} UTC</time>
            </dd>
            {open.projectId && open.projectTitle ? (
              <>
                <dt className="text-muted">About</dt>
                <dd>
                  <Link href={`/sections/${open.projectId}`} className="underline">
                    {open.projectTitle}
                  </Link>
                </dd>
              </>
            ) : null}
            {open.budget ? (
              <>
                <dt className="text-muted">Budget</dt>
                <dd>{open.budget}</dd>
              </>
            ) : null}
            {open.deadline ? (
              <>
                <dt className="text-muted">Deadline</dt>
                <dd>{open.deadline}</dd>
              </>
            ) : null}
            {open.spamReason && open.folder === "spam" ? (
              <>
                <dt className="text-muted">Filed as spam</dt>
                <dd>{open.spamReason}</dd>
              </>
            ) : null}
          </dl>
          {/* Text only: whatever markup a visitor typed is shown as typed, never interpreted. */}
          <p
            data-testid="message-text"
            className="rounded-lg border border-black/10 bg-white p-4 [overflow-wrap:anywhere] whitespace-pre-wrap"
          >
            {open.message}
          </p>
          <MessageActions
            id={open.id}
            name={open.name}
            folder={open.folder}
            trashed={open.deletedAt !== null}
            unread={open.readAt === null}
            reply={replyLink(open)}
            listHref={viewHref(open.deletedAt ? "trash" : open.folder, query)}
          />
        </article>
      ) : (
        <>
          <form
            role="search"
            aria-label="Messages"
            action="/inbox"
            method="get"
            className="mt-6 flex gap-2"
          >
            <input type="hidden" name="folder" value={view} />
            <label htmlFor="inbox-search" className="sr-only">
              Search messages
            </label>
            <input
              id="inbox-search"
              type="search"
              name="q"
              defaultValue={query}
              placeholder="Name, e-mail or text"
              className="block w-full rounded-md border border-black/25 bg-white px-3 py-2"
            />
            <button
              type="submit"
              className="bg-ink rounded-md px-4 py-2 text-sm font-medium text-white hover:bg-black"
            >
              Search
            </button>
          </form>
          {messages.length === 0 ? (
            <p className="text-muted mt-6">
              {query ? `No messages match “${query}”.` : "No messages here."}
            </p>
          ) : (
            <ul
              aria-label={VIEWS.find((item) => item.view === view)!.label}
              className="mt-6 divide-y divide-black/10 rounded-lg border border-black/10 bg-white"
            >
              {messages.map((message) => (
                <li key={message.id} data-testid="inbox-message">
                  <Link
                    href={`/inbox?${new URLSearchParams({ folder: view, id: message.id, ...(query ? { q: query } : {}) })}`}
                    className="block p-4 hover:bg-black/5"
                  >
                    <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                      <span className={message.readAt ? "" : "font-bold"}>
                        {message.readAt ? null : <span className="sr-only">Unread: </span>}
                        {message.name}
                      </span>
                      <time
                        dateTime={message.createdAt.toISOString()}
                        className="text-muted text-sm"
                      >
                        {when.format(message.createdAt)}
                      </time>
                    </span>
                    {message.projectTitle ? (
                      <span className="text-muted block text-sm">About {message.projectTitle}</span>
                    ) : null}
                    <span className="block truncate text-sm">{message.message}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          {before || older ? (
            <nav
              aria-label="Pages"
              className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm font-medium"
            >
              {before ? (
                <Link href={viewHref(view, query)} className="underline underline-offset-2">
                  ← Newest messages
                </Link>
              ) : null}
              {older ? (
                <Link
                  href={viewHref(view, query, messages.at(-1)!.id)}
                  className="underline underline-offset-2"
                >
                  Older messages →
                </Link>
              ) : null}
            </nav>
          ) : null}
        </>
      )}
    </OwnerPage>
  );
}
