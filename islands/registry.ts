/**
 * Every island: its component and its props schema (validated on the server before render).
 * The bundler builds one entry per name from islands/names.ts; the browser loads only the
 * chunks of the islands a page uses.
 */

import type { ComponentType } from 'react'
import type * as v from 'valibot'
import AppShell from './app-shell'
import { AppShellProps } from './app-shell/props'
import AuthForm from './auth-form'
import { AuthFormProps } from './auth-form/props'
import BookingMessages from './booking-messages'
import { BookingMessagesProps } from './booking-messages/props'
import Checkout from './checkout'
import { CheckoutProps } from './checkout/props'
import ClientApps from './client-apps'
import { ClientAppsProps } from './client-apps/props'
import ClientBooking from './client-booking'
import { ClientBookingProps } from './client-booking/props'
import ClientCards from './client-cards'
import { ClientCardsProps } from './client-cards/props'
import ClientDashboard from './client-dashboard'
import { ClientDashboardProps } from './client-dashboard/props'
import ClientInvitation from './client-invitation'
import { ClientInvitationProps } from './client-invitation/props'
import ClientProfile from './client-profile'
import { ClientProfileProps } from './client-profile/props'
import ClientSeats from './client-seats'
import { ClientSeatsProps } from './client-seats/props'
import CoachApps from './coach-apps'
import { CoachAppsProps } from './coach-apps/props'
import CoachBooking from './coach-booking'
import { CoachBookingProps } from './coach-booking/props'
import CoachPayouts from './coach-payouts'
import { CoachPayoutsProps } from './coach-payouts/props'
import CoachProfile from './coach-profile'
import { CoachProfileProps } from './coach-profile/props'
import CoachResources from './coach-resources'
import { CoachResourcesProps } from './coach-resources/props'
import CoachSchedules from './coach-schedules'
import { CoachSchedulesProps } from './coach-schedules/props'
import CoachSessions from './coach-sessions'
import { CoachSessionsProps } from './coach-sessions/props'
import CoachTeam from './coach-team'
import { CoachTeamProps } from './coach-team/props'
import CoachVouchers from './coach-vouchers'
import { CoachVouchersProps } from './coach-vouchers/props'
import CoachWorkshopForm from './coach-workshop-form'
import { CoachWorkshopFormProps } from './coach-workshop-form/props'
import DataTable from './data-table'
import { DataTableProps } from './data-table/props'
import InboxBell from './inbox-bell'
import { InboxBellProps } from './inbox-bell/props'
import JobApplicants from './job-applicants'
import { JobApplicantsProps } from './job-applicants/props'
import JobPostingEditor from './job-posting-editor'
import { JobPostingEditorProps } from './job-posting-editor/props'
import type { IslandName } from './names'
import OnboardingName from './onboarding-name'
import { OnboardingNameProps } from './onboarding-name/props'
import OnboardingRole from './onboarding-role'
import { OnboardingRoleProps } from './onboarding-role/props'
import SessionBooking from './session-booking'
import { SessionBookingProps } from './session-booking/props'
import SettingsDialog from './settings-dialog'
import { SettingsDialogProps } from './settings-dialog/props'
import TeamCurrency from './team-currency'
import { TeamCurrencyProps } from './team-currency/props'
import TeamInvitation from './team-invitation'
import { TeamInvitationProps } from './team-invitation/props'
import TeamRefundPolicy from './team-refund-policy'
import { TeamRefundPolicyProps } from './team-refund-policy/props'
import TeamSettings from './team-settings'
import { TeamSettingsProps } from './team-settings/props'
import TeamTax from './team-tax'
import { TeamTaxProps } from './team-tax/props'
import TeamTaxReport from './team-tax-report'
import { TeamTaxReportProps } from './team-tax-report/props'
import Waitlist from './waitlist'
import { WaitlistProps } from './waitlist/props'

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
  'data-table': define(DataTableProps, DataTable),
  'client-dashboard': define(ClientDashboardProps, ClientDashboard),
  'client-invitation': define(ClientInvitationProps, ClientInvitation),
  'client-booking': define(ClientBookingProps, ClientBooking),
  'booking-messages': define(BookingMessagesProps, BookingMessages),
  'inbox-bell': define(InboxBellProps, InboxBell),
  'client-seats': define(ClientSeatsProps, ClientSeats),
  'client-cards': define(ClientCardsProps, ClientCards),
  'client-apps': define(ClientAppsProps, ClientApps),
  'client-profile': define(ClientProfileProps, ClientProfile),
  'coach-workshop-form': define(CoachWorkshopFormProps, CoachWorkshopForm),
  'coach-schedules': define(CoachSchedulesProps, CoachSchedules),
  'coach-booking': define(CoachBookingProps, CoachBooking),
  'coach-resources': define(CoachResourcesProps, CoachResources),
  'coach-profile': define(CoachProfileProps, CoachProfile),
  'coach-apps': define(CoachAppsProps, CoachApps),
  'coach-team': define(CoachTeamProps, CoachTeam),
  'coach-vouchers': define(CoachVouchersProps, CoachVouchers),
  'team-settings': define(TeamSettingsProps, TeamSettings),
  'team-refund-policy': define(TeamRefundPolicyProps, TeamRefundPolicy),
  'team-currency': define(TeamCurrencyProps, TeamCurrency),
  'team-tax': define(TeamTaxProps, TeamTax),
  'team-tax-report': define(TeamTaxReportProps, TeamTaxReport),
  'team-invitation': define(TeamInvitationProps, TeamInvitation),
  'coach-payouts': define(CoachPayoutsProps, CoachPayouts),
  waitlist: define(WaitlistProps, Waitlist),
  'session-booking': define(SessionBookingProps, SessionBooking),
  'coach-sessions': define(CoachSessionsProps, CoachSessions),
} satisfies Record<IslandName, { props: v.GenericSchema; Component: ComponentType<any> }>

export type { IslandName }
export type IslandProps<N extends IslandName> = v.InferInput<(typeof islands)[N]['props']>
