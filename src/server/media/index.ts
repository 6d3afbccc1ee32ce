/** Stored images: the media store (local directory or database), listing photos and variants, upload staging, CMS cover images. */
export {
  CORE_VARIANTS,
  DERIVED_VARIANTS,
  encodeImage,
  ensureImageVariant,
  IMAGE_CONTENT_TYPES,
  IMAGE_VARIANTS,
  imagePath,
  type ImageVariant,
  investmentImageDir,
  investmentImageFolder,
  isImageName,
  linkStoredImage,
  removeAllInvestmentImages,
  removeImage,
  removeInvestmentImages,
  storeImage,
  type StoredImage,
  variantFileName,
} from "./images";
export { claimStaged, isStaged, MAX_UPLOAD_BYTES, purgeStaleStaging, stagedFile, stageUpload, UploadRejectedError } from "./image-staging";
export { serveCmsImage, storeCmsImage } from "./cms-images";
export { type MediaObject, mediaStore, type StorageOptions, warnIfLocalMediaOnSharedDatabase } from "./storage";
