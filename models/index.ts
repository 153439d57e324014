export * from "./projects";
export * from "./sections";
export * from "./site-settings";
export * from "./auth";
export * from "./contact-messages";
export * from "./review";
export * from "./views";
export * from "./video-jobs";
