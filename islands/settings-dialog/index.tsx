export default function SettingsDialog() { return null }
