export { sendMail, queueMail, readOutbox, closeMail, type MailMessage, type OutboxEntry } from './mailer'
export { layout, type Rendered } from './templates'
