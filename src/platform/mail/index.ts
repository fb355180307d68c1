export { closeMail, type MailAttachment, type MailMessage, type OutboxEntry, queueMail, readOutbox, sendMail } from './mailer'
export { layout, type Rendered } from './templates'
