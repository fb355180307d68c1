/**
 * Social Accounts (section 2): Add, a table with an order handle, Platform, URL and delete,
 * drag to reorder (order follows), per-row errors under platform and url, a general error
 * above the table, manual pagination. Sends only profile.socialAccounts and waits for it.
 */
import { useForm } from '@tanstack/react-form'
import { PlusIcon, Trash2Icon } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { Button } from '../../../design-system/components/button/button'
import { Field } from '../../../design-system/components/field/field'
import { IconButton } from '../../../design-system/components/icon-button/icon-button'
import { Select } from '../../../design-system/components/select/select'
import { DataTable, type DataTableColumn, DEFAULT_PAGINATION } from '../../../design-system/components/table/data-table'
import { SOCIAL_PLATFORMS, SocialAccountSchema, SocialAccountsSchema } from '../../../src/modules/users/user.schema'
import { ApiError } from '../../lib/api'
import { change, check, firstError, focusFirstInvalid, useServerErrors, validateWith } from '../../lib/form'
import { SettingsCard } from './settings-card'

export const SOCIAL_EMPTY = 'No social accounts linked yet. Connect your profiles to build trust and increase visibility.'
const LABELS: Record<string, string> = { linkedin: 'LinkedIn', youtube: 'YouTube', tiktok: 'TikTok', x: 'X', github: 'GitHub', gitlab: 'GitLab' }
export const platformLabel = (p: string) => LABELS[p] ?? p.charAt(0).toUpperCase() + p.slice(1)
const OPTIONS = SOCIAL_PLATFORMS.map((p) => ({ value: p, label: platformLabel(p) }))

type Row = { key: string; platform: string; url: string; order: number }
type Account = { platform: string; url: string; order: number }

let seq = 0
const toRows = (list: Account[]): Row[] =>
  [...list].sort((a, b) => a.order - b.order).map((a, i) => ({ key: `r${seq++}`, platform: a.platform, url: a.url, order: i + 1 }))
const toBody = (rows: Row[]) => ({ socialAccounts: rows.map((r, i) => ({ platform: r.platform, url: r.url.trim(), order: i + 1 })) })
const strip = (key: string) => key.replace(/^profile\./, '')

export function SocialAccountsCard({ accounts, save }: { accounts: Account[]; save: (body: Record<string, unknown>) => Promise<unknown> }) {
  const root = useRef<HTMLFormElement>(null)
  const server = useServerErrors()
  const [saving, setSaving] = useState(false)
  const [pagination, setPagination] = useState(DEFAULT_PAGINATION)
  const initialKey = JSON.stringify(toBody(toRows(accounts)))
  const form = useForm({ defaultValues: { socialAccounts: toRows(accounts) } })
  // Loads from the current user's data and resets when that data changes.
  useEffect(() => {
    form.reset({ socialAccounts: toRows(accounts) })
  }, [JSON.stringify(accounts)])

  const validateAll = (rows: Row[]) => {
    const bag = check(SocialAccountsSchema, toBody(rows))
    server.setErrors(bag ?? {})
    return bag
  }
  // Validates against the user schema on mount (existing bad rows show at once).
  useEffect(() => {
    if (accounts.length) validateAll(toRows(accounts))
  }, [])

  async function submit() {
    const rows = form.state.values.socialAccounts
    if (validateAll(rows)) return focusFirstInvalid(root.current)
    setSaving(true)
    try {
      await save({ profile: toBody(rows) })
    } catch (err) {
      if (err instanceof ApiError && err.status === 422 && err.errors) {
        server.setErrors(Object.fromEntries(Object.entries(err.errors).map(([k, m]) => [strip(k), m])))
        focusFirstInvalid(root.current)
      }
    } finally {
      setSaving(false)
    }
  }

  return (
    <form.Field name="socialAccounts" mode="array">
      {(list) => {
        const rows = list.state.value
        const dirty = JSON.stringify(toBody(rows)) !== initialKey
        const offset = pagination.pageIndex * pagination.pageSize
        const pageRows = rows.slice(offset, offset + pagination.pageSize)
        const general = server.of('socialAccounts')
        // Order follows the place in the list after every add, remove and drag.
        const renumber = () => form.setFieldValue('socialAccounts', (list) => list.map((r, i) => (r.order === i + 1 ? r : { ...r, order: i + 1 })))
        const columns: DataTableColumn<Row>[] = [
          {
            id: 'platform',
            header: 'Platform',
            size: 170,
            enableSorting: false,
            cell: ({ row }: any) => {
              const i = offset + row.index
              return (
                <form.Field name={`socialAccounts[${i}].platform`} validators={validateWith(SocialAccountSchema.entries.platform)}>
                  {(field) => {
                    const error = firstError(field.state.meta.errors) ?? server.of(`socialAccounts.${i}.platform`)
                    return (
                      <Field.Root invalid={!!error}>
                        <Select
                          size="sm"
                          options={OPTIONS}
                          placeholder="Platform"
                          label={<span className={css({ srOnly: true })}>Platform of social account {i + 1}</span>}
                          value={field.state.value || null}
                          invalid={!!error}
                          name={`platform-${i}`}
                          onValueChange={(v) => {
                            server.clear(`socialAccounts.${i}.platform`)
                            change(field, v ?? '')
                            field.handleBlur()
                          }}
                        />
                        <Field.ErrorText>{error}</Field.ErrorText>
                      </Field.Root>
                    )
                  }}
                </form.Field>
              )
            },
          },
          {
            id: 'url',
            header: 'URL',
            size: 280,
            enableSorting: false,
            cell: ({ row }: any) => {
              const i = offset + row.index
              return (
                <form.Field name={`socialAccounts[${i}].url`} validators={validateWith(SocialAccountSchema.entries.url)}>
                  {(field) => {
                    const error = firstError(field.state.meta.errors) ?? server.of(`socialAccounts.${i}.url`)
                    return (
                      <Field.Root invalid={!!error}>
                        <Field.Input
                          type="url"
                          aria-label={`URL of social account ${i + 1}`}
                          placeholder="https://"
                          value={field.state.value}
                          onBlur={field.handleBlur}
                          onChange={(e) => {
                            server.clear(`socialAccounts.${i}.url`)
                            change(field, e.target.value)
                          }}
                        />
                        <Field.ErrorText>{error}</Field.ErrorText>
                      </Field.Root>
                    )
                  }}
                </form.Field>
              )
            },
          },
          {
            id: 'actions',
            header: () => <span className={css({ srOnly: true })}>Delete</span>,
            meta: { role: 'actions' },
            size: 56,
            enableSorting: false,
            cell: ({ row }: any) => (
              <IconButton
                aria-label={`Delete social account ${offset + row.index + 1}`}
                variant="ghost"
                size="xs"
                onClick={() => {
                  list.removeValue(offset + row.index)
                  renumber()
                  server.setErrors({})
                }}
              >
                <Trash2Icon />
              </IconButton>
            ),
          },
        ]
        return (
          <SettingsCard
            id="social-accounts"
            title="Social Accounts"
            description="Organize and control your social accounts efficiently."
            note={
              <span aria-disabled="true" className={css({ color: 'fg.disabled', cursor: 'not-allowed', textDecoration: 'underline' })}>
                Learn more about Social Accounts
              </span>
            }
            dirty={dirty}
            saving={saving}
            onSave={submit}
            rootRef={root}
            action={
              <Button
                variant="outline"
                onClick={() => {
                  list.pushValue({ key: `r${seq++}`, platform: '', url: '', order: rows.length + 1 })
                  const last = Math.floor(rows.length / pagination.pageSize)
                  if (last !== pagination.pageIndex) setPagination({ ...pagination, pageIndex: last })
                }}
              >
                <PlusIcon /> Add
              </Button>
            }
          >
            {general ? (
              <p role="alert" className={css({ color: 'fg.error', fontSize: 'sm', mb: '3' })}>
                {general}
              </p>
            ) : null}
            <DataTable
              data={pageRows}
              columns={columns}
              getRowId={(r) => r.key}
              manualPagination
              rowCount={rows.length}
              pagination={pagination}
              onPaginationChange={setPagination}
              onReorder={(from, to) => {
                list.moveValue(offset + from, offset + to)
                renumber()
              }}
              emptyText={SOCIAL_EMPTY}
              aria-label="Social accounts"
              size="sm"
            />
          </SettingsCard>
        )
      }}
    </form.Field>
  )
}
