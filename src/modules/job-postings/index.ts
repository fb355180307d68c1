/** Job postings: the front door for the rest of the app (pages, islands use the schema file). */

export { applicationCounts, listApplications, serializeApplication } from './application.service'
export { JobApplication, JobPosting } from './job-posting.entity'
export { jobPostingRoutes } from './job-posting.routes'
export { countOpenJobPostings } from './job-posting.rules'
export * from './job-posting.schema'
export { serializePosting, userName } from './job-posting.serialize'
export { countOpenPostings, findPosting, guard, listPostings, showPosting, type TeamPostingRow, teamMembers, teamPostingsPage } from './job-posting.service'
export { applyFormRoute, publicJobRoutes } from './public.routes'
export { applyState, findPublished, jobPostingLd, listPublished, openPostingsOf, PUBLIC_PAGE_SIZE, serializePublic } from './public.service'
export { sitemapJobParts, sitemapJobs } from './public.sitemap'
