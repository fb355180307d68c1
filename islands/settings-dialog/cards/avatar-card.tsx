/** Avatar: click or drop an image (png, jpeg, jpg, webp), uploaded at once with a spinner; Save makes it the avatar. */
import { useState } from 'react'
import { css } from 'styled-system/css'
import { Avatar, initials } from '../../../design-system/components/avatar/avatar'
import { FileUpload } from '../../../design-system/components/file-upload/file-upload'
import { api } from '../../lib/api'
import { notify } from '../../lib/toast'
import type { Me } from '../props'
import { SettingsCard } from './settings-card'

export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp']
export const AVATAR_EXTENSIONS = ['.png', '.jpeg', '.jpg', '.webp']
export const UPLOAD_FAILED = { title: 'Upload failed', description: 'Please try again' } as const

export function AvatarCard({ me, save }: { me: Me; save: (body: Record<string, unknown>) => Promise<unknown> }) {
  const [uploading, setUploading] = useState(false)
  const [saving, setSaving] = useState(false)
  const [pending, setPending] = useState<{ id: string; url: string } | null>(null)
  const name = [me.profile.firstName, me.profile.lastName].filter(Boolean).join(' ') || me.email
  // The drop zone's accessible name starts with what it shows (the initials), then says what it does.
  const zoneLabel = `${initials(name)} ${name}: click or drop an image to upload a new avatar`.trim()

  async function upload(file: File) {
    setUploading(true)
    try {
      const body = new FormData()
      body.append('file', file)
      const res = await api<{ data: { id: string; url: string } }>('POST', '/v1/uploads/avatar', { body, silent: true })
      setPending(res.data)
    } catch {
      notify({ type: 'error', ...UPLOAD_FAILED })
    } finally {
      setUploading(false)
    }
  }

  return (
    <SettingsCard
      id="avatar"
      title="Avatar"
      description="Click the picture or drop an image on it to upload a new one."
      note="An avatar is optional but strongly recommended."
      dirty={!!pending && pending.id !== me.avatar}
      saving={saving}
      onSave={async () => {
        if (!pending) return
        setSaving(true)
        try {
          await save({ avatar: pending.id })
          setPending(null)
        } catch {
          /* toasts come from the API client */
        } finally {
          setSaving(false)
        }
      }}
    >
      <div className={css({ display: 'flex', alignItems: 'center', gap: '5' })}>
        <div className={css({ w: '28', flexShrink: '0', '& [data-part=dropzone]': { minH: '0', h: '28', p: '2', borderRadius: 'full', cursor: 'pointer' } })}>
          <FileUpload
            accept={AVATAR_TYPES}
            uploading={uploading}
            name="avatar"
            zoneLabel={zoneLabel}
            label={<span className={css({ srOnly: true })}>Avatar image</span>}
            onFiles={(files) => void upload(files[0])}
            onReject={() => notify({ type: 'error', ...UPLOAD_FAILED })}
          >
            <Avatar src={pending?.url ?? me.avatarUrl} alt={name} size="2xl" />
          </FileUpload>
        </div>
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>PNG, JPEG, JPG or WEBP. A square picture of your face works best.</p>
      </div>
    </SettingsCard>
  )
}
