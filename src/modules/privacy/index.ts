export { DataExport } from './export.entity'
