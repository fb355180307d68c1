/**
 * Every island: its component and its props schema (validated on the server before render).
 * The bundler builds one entry per name from islands/names.ts; the browser loads only the
 * chunks of the islands a page uses.
 */
import type * as v from 'valibot'
import type { ComponentType } from 'react'
import type { IslandName } from './names'
import AuthForm from './auth-form'
import { AuthFormProps } from './auth-form/props'
import OnboardingName from './onboarding-name'
import { OnboardingNameProps } from './onboarding-name/props'
import OnboardingRole from './onboarding-role'
import { OnboardingRoleProps } from './onboarding-role/props'
import AppShell from './app-shell'
import { AppShellProps } from './app-shell/props'
import SettingsDialog from './settings-dialog'
import { SettingsDialogProps } from './settings-dialog/props'
import Checkout from './checkout'
import { CheckoutProps } from './checkout/props'
import JobPostingEditor from './job-posting-editor'
import { JobPostingEditorProps } from './job-posting-editor/props'
import JobApplicants from './job-applicants'
import { JobApplicantsProps } from './job-applicants/props'

const define = <S extends v.GenericSchema>(props: S, Component: ComponentType<v.InferOutput<S>>) => ({ props, Component })

export const islands = {
  'auth-form': define(AuthFormProps, AuthForm),
  'onboarding-name': define(OnboardingNameProps, OnboardingName),
  'onboarding-role': define(OnboardingRoleProps, OnboardingRole),
  'app-shell': define(AppShellProps, AppShell),
  'settings-dialog': define(SettingsDialogProps, SettingsDialog),
  checkout: define(CheckoutProps, Checkout),
  'job-posting-editor': define(JobPostingEditorProps, JobPostingEditor),
  'job-applicants': define(JobApplicantsProps, JobApplicants),
} satisfies Record<IslandName, { props: v.GenericSchema; Component: ComponentType<any> }>

export type { IslandName }
export type IslandProps<N extends IslandName> = v.InferInput<(typeof islands)[N]['props']>
