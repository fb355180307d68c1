import { SettingsDialogProps } from '../settings-dialog/props'

/** The profile page: the settings dialog's account cards on a page (same props as the dialog). */
export const ClientProfileProps = SettingsDialogProps
export type ClientProfileProps = SettingsDialogProps
