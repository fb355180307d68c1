import { FileUpload as ArkFileUpload } from '@ark-ui/react/file-upload'
import { UploadIcon } from 'lucide-react'
import { styled } from 'styled-system/jsx/factory'
import { fileUpload } from 'styled-system/recipes/file-upload'
import { createStyleContext } from '../../utils/create-style-context'
import { Spinner } from '../spinner/spinner'

const { withProvider, withContext } = createStyleContext(fileUpload)

export const FileUploadParts = {
  Root: withProvider(ArkFileUpload.Root, 'root'),
  Label: withContext(ArkFileUpload.Label, 'label'),
  Dropzone: withContext(ArkFileUpload.Dropzone, 'dropzone'),
  Trigger: withContext(ArkFileUpload.Trigger, 'trigger'),
  ItemGroup: withContext(ArkFileUpload.ItemGroup, 'itemGroup'),
  Item: withContext(ArkFileUpload.Item, 'item'),
  ItemName: withContext(ArkFileUpload.ItemName, 'itemName'),
  ItemSizeText: withContext(ArkFileUpload.ItemSizeText, 'itemSizeText'),
  ItemPreview: withContext(ArkFileUpload.ItemPreview, 'itemPreview'),
  ItemPreviewImage: withContext(ArkFileUpload.ItemPreviewImage, 'itemPreviewImage'),
  ItemDeleteTrigger: withContext(ArkFileUpload.ItemDeleteTrigger, 'itemDeleteTrigger'),
  HiddenInput: ArkFileUpload.HiddenInput,
}

export type FileUploadProps = {
  /** MIME types, e.g. ['image/png', 'image/jpeg', 'image/webp'] */
  accept?: string[]
  maxFiles?: number
  /** bytes */
  maxFileSize?: number
  label?: React.ReactNode
  /** Text inside the zone. */
  hint?: React.ReactNode
  /** Shows a spinner over the zone and ignores new files. */
  uploading?: boolean
  disabled?: boolean
  name?: string
  onFiles?: (files: File[]) => void
  onReject?: (files: { file: File; errors: string[] }[]) => void
  /** Custom content in the zone (e.g. the current avatar). */
  children?: React.ReactNode
  /** The zone's accessible name when its content is not text (it should start with what it shows). */
  zoneLabel?: string
}

/** Click or drop files on the zone; accepted files go to `onFiles`, the others to `onReject`. */
export function FileUpload({
  accept,
  maxFiles = 1,
  maxFileSize,
  label,
  hint = 'Click or drop a file here',
  uploading,
  disabled,
  name,
  onFiles,
  onReject,
  children,
  zoneLabel,
}: FileUploadProps) {
  return (
    <FileUploadParts.Root
      accept={accept}
      maxFiles={maxFiles}
      maxFileSize={maxFileSize}
      disabled={disabled || uploading}
      name={name}
      onFileAccept={(details: { files: File[] }) => details.files.length && onFiles?.(details.files)}
      onFileReject={(details: { files: { file: File; errors: string[] }[] }) => details.files.length && onReject?.(details.files)}
    >
      {label ? <FileUploadParts.Label>{label}</FileUploadParts.Label> : null}
      <FileUploadParts.Dropzone position="relative" aria-busy={uploading || undefined} aria-label={zoneLabel}>
        {children ?? (
          <>
            <UploadIcon aria-hidden />
            <styled.span textStyle="sm" color="fg.muted">
              {hint}
            </styled.span>
          </>
        )}
        {uploading ? (
          <styled.div position="absolute" inset="0" display="flex" alignItems="center" justifyContent="center" bg="bg.default/70">
            <Spinner label="Uploading..." />
          </styled.div>
        ) : null}
      </FileUploadParts.Dropzone>
      <FileUploadParts.HiddenInput />
    </FileUploadParts.Root>
  )
}
