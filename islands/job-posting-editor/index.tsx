/**
 * The job-posting-editor island: the editor (fields, question builder with drag and drop, selects) are a split part (lib/split) in ./editor.tsx. The page paints from
 * the server's HTML; the island hydrates when that code has arrived, after first paint.
 */
import { split } from '../lib/split'
import type { JobPostingEditorProps } from './props'

const Part = split(() => import('./editor'))

export default function JobPostingEditor(props: JobPostingEditorProps) {
  return <Part {...props} />
}
JobPostingEditor.prepare = () => Part.preload()
