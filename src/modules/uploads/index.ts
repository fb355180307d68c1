/** Uploads: stored files (avatars, images, resources), their checks and image variants (the front door). */

export { StoredFile } from './file.entity'
export { uploadRoutes } from './upload.routes'
export { AVATAR_TYPES, allowFileAccess, fileFromBody, fileUrl, publicImageBytes, serializeFile, storeUpload } from './upload.service'
