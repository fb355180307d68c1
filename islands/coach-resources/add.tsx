/** Add a resource: file and document upload a file; link, video, agent and bundle take a URL. */
import { useState } from 'react'
import { css } from 'styled-system/css'
import { Button } from '../../design-system/components/button/button'
import { Input, Textarea } from '../../design-system/components/input/input'
import { NativeSelect } from '../../design-system/components/native-select/native-select'
import { RESOURCE_TYPES, ResourceCreateSchema } from '../../src/modules/workshops/resource.schema'
import { errorCss, Field, useSchemaForm } from '../coach-common/form'
import { api, post } from '../lib/api'
import { notify } from '../lib/toast'

const TYPE_LABEL: Record<string, string> = { file: 'File', link: 'Link', video: 'Video', document: 'Document', agent: 'Agent', bundle: 'Bundle' }
type Values = {
  type: string
  title: string
  description: string
  url: string
  filePath: string
  fileSize: number | null
  fileType: string
  isVisible: boolean
  isBroadcast: boolean
  isPublic: boolean
}
const needsFile = (t: string) => t === 'file' || t === 'document'

export function AddResource({ workshopId, nextOrder, onDone, onCancel }: { workshopId: string; nextOrder: number; onDone: () => void; onCancel: () => void }) {
  const form = useSchemaForm<Values>(
    ResourceCreateSchema,
    { type: 'link', title: '', description: '', url: '', filePath: '', fileSize: null, fileType: '', isVisible: true, isBroadcast: false, isPublic: false },
    (x) => ({
      type: x.type,
      title: x.title,
      description: x.description || null,
      url: needsFile(x.type) ? null : x.url,
      filePath: needsFile(x.type) ? x.filePath || null : null,
      ...(needsFile(x.type) && x.filePath ? { fileSize: x.fileSize, fileType: x.fileType || null } : {}),
      sortOrder: nextOrder,
      isVisible: x.isVisible,
      isBroadcast: x.isBroadcast,
      isPublic: x.isPublic,
    }),
  )
  const { values, set, blur, error } = form
  const [uploading, setUploading] = useState(false)
  const [uploadError, setUploadError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const upload = async (f: File | null) => {
    setUploadError(null)
    if (!f) return
    setUploading(true)
    try {
      const body = new FormData()
      body.append('file', f)
      const r = await api<{ data: { url: string; size: number; mimeType: string; name: string | null } }>(
        'POST',
        `/v1/workshops/${workshopId}/resource-files`,
        { body, silent: true },
      )
      set('filePath', r.data.url)
      set('fileSize', r.data.size)
      set('fileType', r.data.mimeType.slice(0, 100))
      if (!values.title) set('title', (r.data.name ?? f.name).slice(0, 255))
    } catch (err: any) {
      setUploadError(err?.errors?.file?.[0] ?? err?.message ?? 'Upload failed. Please try again')
    } finally {
      setUploading(false)
    }
  }
  const submit = async () => {
    if (!form.validate()) return
    setBusy(true)
    try {
      await post(`/v1/workshops/${workshopId}/resources`, form.body())
      notify({ type: 'success', title: 'Resource added' })
      onDone()
    } catch (err) {
      form.takeServer(err)
      setBusy(false)
    }
  }
  return (
    <form
      ref={form.root}
      noValidate
      aria-label="Add resource"
      className={css({ display: 'flex', flexDir: 'column', gap: '4' })}
      onSubmit={(e) => {
        e.preventDefault()
        void submit()
      }}
    >
      <Field label="Type" error={error('type')}>
        {(a) => (
          <NativeSelect {...a} value={values.type} onChange={(e) => set('type', e.target.value)}>
            {RESOURCE_TYPES.map((t) => (
              <option key={t} value={t}>
                {TYPE_LABEL[t]}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      {needsFile(values.type) ? (
        <Field
          label="File"
          error={uploadError ?? error('filePath')}
          hint={values.filePath ? `Uploaded (${Math.ceil((values.fileSize ?? 0) / 1024)} KB)` : 'Any file up to the upload limit'}
        >
          {(a) => <Input {...a} type="file" disabled={uploading} onChange={(e) => void upload(e.target.files?.[0] ?? null)} />}
        </Field>
      ) : (
        <Field label="URL" error={error('url')}>
          {(a) => <Input {...a} type="url" value={values.url} onChange={(e) => set('url', e.target.value)} onBlur={() => blur('url')} />}
        </Field>
      )}
      <Field label="Title" error={error('title')}>
        {(a) => <Input {...a} value={values.title} onChange={(e) => set('title', e.target.value)} onBlur={() => blur('title')} />}
      </Field>
      <Field label="Description" error={error('description')}>
        {(a) => <Textarea {...a} rows={3} value={values.description} onChange={(e) => set('description', e.target.value)} onBlur={() => blur('description')} />}
      </Field>
      <label className={css({ display: 'flex', gap: '2', alignItems: 'center' })}>
        <input type="checkbox" checked={values.isVisible} onChange={(e) => set('isVisible', e.target.checked)} /> Visible to confirmed attendees
      </label>
      <label className={css({ display: 'flex', gap: '2', alignItems: 'center' })}>
        <input type="checkbox" checked={values.isBroadcast} onChange={(e) => set('isBroadcast', e.target.checked)} /> Email it to confirmed attendees now (once)
      </label>
      <label className={css({ display: 'flex', gap: '2', alignItems: 'center' })}>
        <input type="checkbox" checked={values.isPublic} onChange={(e) => set('isPublic', e.target.checked)} /> Public: show it to everyone on the workshop's
        public page
      </label>
      {form.generalError && <p className={errorCss}>{form.generalError}</p>}
      <div className={css({ display: 'flex', gap: '2', justifyContent: 'flex-end' })}>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy || uploading}>
          {uploading ? 'Uploading...' : busy ? 'Saving...' : 'Add resource'}
        </Button>
      </div>
    </form>
  )
}
