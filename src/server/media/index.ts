/** Stored images: listing photo storage and variants, upload staging, CMS cover images. */
export * from "./images";
export * from "./image-staging";
export * from "./cms-images";
