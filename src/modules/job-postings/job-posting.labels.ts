/** Human labels of the job enumerations (no server imports: pages and the editor share them). */
export const EMPLOYMENT_LABEL: Record<string, string> = {
  FULL_TIME: 'Full time', PART_TIME: 'Part time', CONTRACT: 'Contract', INTERNSHIP: 'Internship', TEMPORARY: 'Temporary', VOLUNTEER: 'Volunteer',
}
export const SENIORITY_LABEL: Record<string, string> = {
  ENTRY_LEVEL: 'Entry level', MID_SENIOR_LEVEL: 'Mid-senior level', DIRECTOR: 'Director', EXECUTIVE: 'Executive',
  INTERNSHIP: 'Internship', ASSOCIATE: 'Associate', NOT_APPLICABLE: 'Not applicable',
}
export const DEPARTMENT_LABEL: Record<string, string> = {
  IT: 'IT', FINANCE: 'Finance', MARKETING: 'Marketing', SALES: 'Sales', HR: 'HR', ENGINEERING: 'Engineering', DESIGN: 'Design', PRODUCT: 'Product', BUSINESS: 'Business',
}
export const STATUS_LABEL: Record<string, string> = { DRAFT: 'Draft', PUBLISHED: 'Published', CLOSED: 'Closed', ARCHIVED: 'Archived' }
export const INTERVIEW_LABEL: Record<string, string> = { VIDEO: 'Video call', PHONE: 'Phone call', IN_PERSON: 'In person' }
export const APPLICANT_LABEL: Record<string, string> = { NEW: 'New', SHORTLISTED: 'Shortlisted', REJECTED: 'Rejected', HIRED: 'Hired' }
