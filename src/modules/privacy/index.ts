/** People's data rights: a copy of their data (a zip built by a job) and deleting their account. */

export { deleteAccount, refusalOf } from './deletion.service'
export { addExportSection, type ExportSection } from './export.data'
export { DataExport } from './export.entity'
export { buildExport, sweepExports } from './export.service'
export { privacyRoutes } from './privacy.routes'
