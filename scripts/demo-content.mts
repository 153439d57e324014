// The demo projects of `npm run seed:demo`. Ids are fixed so seeding is idempotent.
export type DemoArt = { from: string; to: string; accent: string };
type DemoSection = {
  id: string;
  title: string;
  description: string;
  /** width, height, alt text */
  images?: [number, number, string][];
  videoEmbed?: string;
};
type DemoProject = {
  id: string;
  title: string;
  role: string;
  category: string;
  art: DemoArt;
  sections: DemoSection[];
};

const id = (n: number) => `de000000000000000000${n.toString(16).padStart(4, "0")}`;

export const demoProjects: DemoProject[] = [
  {
    id: id(1),
    title: "Neon Tide",
    role: "Motion Designer",
    category: "Motion Design",
    art: { from: "#0f172a", to: "#0e7490", accent: "#f472b6" },
    sections: [
      {
        id: id(101),
        title: "Brief",
        description:
          "A looping brand film for a coastal music festival: water, light and rhythm in twelve seconds.",
      },
      {
        id: id(102),
        title: "Style frames",
        description: "Key frames explored before animation.",
        images: [
          [1600, 1000, "Wave crest style frame"],
          [1600, 1000, "Night sky style frame"],
          [1600, 1000, "Logo reveal style frame"],
        ],
      },
      {
        id: id(103),
        title: "Film",
        description: "",
        videoEmbed: "https://player.vimeo.com/video/76979871",
      },
    ],
  },
  {
    id: id(2),
    title: "Atlas of Small Things",
    role: "Illustrator",
    category: "Illustration",
    art: { from: "#fef3c7", to: "#f97316", accent: "#1e3a8a" },
    sections: [
      {
        id: id(201),
        title: "Plates",
        description: "A series of editorial illustrations about everyday objects.",
        images: [
          [1200, 1500, "Teapot plate"],
          [1200, 1500, "Keys plate"],
        ],
      },
    ],
  },
  {
    id: id(3),
    title: "Paper Orchard",
    role: "Frame-by-frame Animator",
    category: "Frame by Frame",
    art: { from: "#ecfccb", to: "#15803d", accent: "#b91c1c" },
    sections: [
      {
        id: id(301),
        title: "Process",
        description: "Every frame drawn by hand, then coloured digitally.",
        images: [
          [1600, 1000, "Pencil pass"],
          [1600, 1000, "Colour pass"],
          [1600, 1000, "Composite"],
          [1600, 1000, "Final frame"],
        ],
      },
    ],
  },
  {
    id: id(4),
    title: "Grain Brush Pack",
    role: "Creator",
    category: "Assets & Tools",
    art: { from: "#e7e5e4", to: "#57534e", accent: "#facc15" },
    sections: [
      {
        id: id(401),
        title: "What is inside",
        description:
          "Twenty-four texture brushes for illustrators, with presets for print and screen.",
        images: [[1600, 1000, "Brush strokes overview"]],
      },
    ],
  },
  {
    id: id(5),
    title: "Souk at Dusk",
    role: "Photographer",
    category: "Photography",
    art: { from: "#7c2d12", to: "#fbbf24", accent: "#0f766e" },
    sections: [
      {
        id: id(501),
        title: "Series",
        description: "Evening light in the old medina.",
        images: [
          [1500, 1000, "Lanterns"],
          [1000, 1500, "Alleyway"],
          [1500, 1000, "Spice stall"],
          [1500, 1000, "Rooftops"],
          [1500, 1000, "Doorway"],
        ],
      },
    ],
  },
  {
    id: id(6),
    title: "Pulse Identity",
    role: "Art Director",
    category: "Motion Design",
    art: { from: "#1e1b4b", to: "#7c3aed", accent: "#22d3ee" },
    sections: [
      {
        id: id(601),
        title: "System",
        description: "A motion identity built from a single expanding pulse.",
        images: [
          [1600, 1000, "Pulse logo animation frame"],
          [1600, 1000, "Type in motion"],
        ],
      },
      {
        id: id(602),
        title: "Showcase",
        description: "",
        videoEmbed: "https://player.vimeo.com/video/22439234",
      },
    ],
  },
];
