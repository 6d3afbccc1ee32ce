/** Stored images: the media store (local directory or database), listing photos and variants, upload staging, CMS cover images. */
export * from "./images";
export * from "./image-staging";
export * from "./cms-images";
export * from "./storage";
