/**
 * Demo pictures shipped in src/demo/images/ (drawn by scripts/demo-images.ts): loaded into
 * storage as public image files with the demo data, served by the image provider at
 * `/v1/files/<id>` (resized, webp/avif). Nothing comes from outside.
 */

import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { EntityManager } from '@mikro-orm/postgresql'
import { fileUrl, StoredFile } from '../modules/uploads'
import type { User } from '../modules/users'
import { putObject } from '../platform/storage'

const DIR = join(import.meta.dir, 'images')

export const DEMO_PICTURES = ['leadership', 'conversations', 'speaking', 'storytelling', 'strategy', 'fundraising', 'career'] as const
export type DemoPicture = (typeof DEMO_PICTURES)[number]

async function store(em: EntityManager, name: string, kind: 'image' | 'avatar', owner: User | null) {
  const bytes = new Uint8Array(readFileSync(join(DIR, `${name}.webp`)))
  const id = Bun.randomUUIDv7()
  const key = `${kind === 'avatar' ? 'avatars' : 'images'}/${id}.webp`
  await putObject(key, bytes, 'image/webp')
  return em.create(StoredFile, { id, owner, kind, key, originalName: `${name}.webp`, mimeType: 'image/webp', size: bytes.byteLength })
}

/** Stores the workshop pictures (answers their URLs by name) and gives the coaches their portraits. */
export async function seedDemoImages(em: EntityManager, coaches: User[]): Promise<Record<DemoPicture, string>> {
  const urls = {} as Record<DemoPicture, string>
  for (const name of DEMO_PICTURES) urls[name] = fileUrl(await store(em, name, 'image', null))
  for (const coach of coaches) {
    if (coach.username && !coach.avatar && ['maya', 'leo', 'sara'].includes(coach.username))
      coach.avatar = (await store(em, `coach-${coach.username}`, 'avatar', coach)).id
  }
  await em.flush()
  return urls
}
