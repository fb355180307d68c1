import type { EntityManager } from '@mikro-orm/postgresql'
import { DEFAULT_ROLES, PERMISSIONS } from './permissions'
import { Permission, Role } from './role.entity'

/** Built-in permissions and roles exist in every database (idempotent; run at every start). */
export async function seedRolesAndPermissions(em: EntityManager) {
  const existing = new Set((await em.find(Permission, {})).map((p) => p.name))
  const added = new Set<string>()
  for (const [name, description] of Object.entries(PERMISSIONS))
    if (!existing.has(name)) {
      em.create(Permission, { name, description })
      added.add(name)
    }
  const roles = new Map((await em.find(Role, {})).map((r) => [r.name, r]))
  for (const [name, r] of Object.entries(DEFAULT_ROLES)) {
    const role = roles.get(name)
    if (!role) em.create(Role, { name, description: r.description, permissions: r.permissions })
    // A permission new in this release goes to its default roles; operators' edits stay.
    else role.permissions = [...new Set([...role.permissions, ...r.permissions.filter((p) => added.has(p))])]
  }
  await em.flush()
}
