import { getImgProps } from "next/dist/shared/lib/get-img-props";
import { imageConfigDefault, prepareImageConfig } from "next/dist/shared/lib/image-config";
import defaultLoader from "next/dist/shared/lib/image-loader";
import { describe, expect, it } from "vitest";
import nextConfig from "@/next.config";
import { optimizedImage, optimizedImageAt } from "./image-srcset";

/** What next/image writes for a `fill` image with this site's image configuration. */
function nextImage(src: string, sizes: string) {
  const imgConf = prepareImageConfig({ ...imageConfigDefault, ...nextConfig.images });
  const { props } = getImgProps({ src, alt: "", fill: true, sizes }, { defaultLoader, imgConf });
  return { src: props.src, srcSet: props.srcSet, sizes: props.sizes };
}

describe("optimizedImage (the gallery cards' own srcset)", () => {
  const sizes = "(min-width: 640px) 50vw, calc(100vw - 2.5rem)";

  it("is what next/image writes for a stored image, local or on Cloudinary", () => {
    for (const src of [
      "/media/2445cf6301d537e2c43425db7bacc7c3.jpg",
      "https://res.cloudinary.com/demo/image/upload/v1/portfolio/cover.png",
    ]) {
      expect(optimizedImage(src, sizes)).toEqual(nextImage(src, sizes));
    }
    // Seven widths, the optimizer's (next.config.ts): a width it does not serve would be a 400.
    expect(optimizedImage("/media/a.jpg", sizes).srcSet?.split(", ")).toHaveLength(7);
  });

  it("draws any other address as it is, like next/image's unoptimized", () => {
    expect(optimizedImage("https://example.com/old-site/cover.jpg", sizes)).toEqual({
      src: "https://example.com/old-site/cover.jpg",
    });
  });
});

describe("optimizedImageAt (a video's poster attribute)", () => {
  it("is the optimizer's smallest width of at least the one asked, and what next/image would fetch for it", () => {
    const src = "/media/2445cf6301d537e2c43425db7bacc7c3.jpg";
    const at = (width: number) => new URL(optimizedImageAt(src, width), "http://site").searchParams;
    expect(at(1200).get("w")).toBe("1200");
    expect(at(1000).get("w")).toBe("1200");
    expect(at(9000).get("w")).toBe("3840");
    expect(nextImage(src, "1200px").srcSet).toContain(optimizedImageAt(src, 1200));
    expect(optimizedImageAt("https://example.com/old-site/still.jpg", 1200)).toBe(
      "https://example.com/old-site/still.jpg",
    );
  });
});
