"use client";
import { usePathname } from "next/navigation";
import { useEffect } from "react";

/** Only the page a visitor arrived on carries the referrer: later views are this site's own. */
let landing = true;

/**
 * Reports each page view to POST /api/views with navigator.sendBeacon: no cookie, no storage, no
 * third party (docs/security.md, "Insights"). A page the browser prerenders reports when it is
 * shown, if ever.
 */
export function ViewBeacon() {
  const path = usePathname();
  useEffect(() => {
    const send = () => {
      navigator.sendBeacon(
        "/api/views",
        JSON.stringify({ p: location.pathname, r: landing ? document.referrer : "" }),
      );
      landing = false;
    };
    if ((document as { prerendering?: boolean }).prerendering)
      document.addEventListener("prerenderingchange", send, { once: true });
    else send();
  }, [path]);
  return null;
}
