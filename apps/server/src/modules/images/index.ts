// The images module's front door: what other modules, jobs, realtime, the app and the seed use (docs/CONVENTIONS.md).
export { imageVariants, loadSharp, removeUrls, storeImage } from './image-processing';
export { readImageUpload } from './multipart-upload';
