/** Job postings: the front door for the rest of the app (pages, islands use the schema file). */
export { JobPosting, JobApplication } from './job-posting.entity'
export { jobPostingRoutes } from './job-posting.routes'
export { publicJobRoutes, applyFormRoute } from './public.routes'
export { listPublished, findPublished, serializePublic, jobPostingLd, applyState, PUBLIC_PAGE_SIZE } from './public.service'
export { serializePosting, userName } from './job-posting.serialize'
export { serializeApplication, listApplications, applicationCounts } from './application.service'
export { guard, listPostings, showPosting, findPosting, teamMembers } from './job-posting.service'
export * from './job-posting.schema'
