/** Messages: to everyone on a date, a conversation on each booking, and the attendee list with answers. */
export { attendeesCsv, bookingAnswers } from './attendees.csv'
export { mailDueReaders } from './conversation.mail'
export { bookingMessagesView, CONVERSATION_MAIL_JOB, listMessages, markConversationRead } from './conversation.service'
export { BookingMessage, ConversationReader, ScheduleMessage, ScheduleMessageDelivery } from './message.entity'
export { SWEEP_MESSAGES_JOB } from './message.jobs'
export { messageRoutes } from './message.routes'
export { type BookingAccess, bookingAccess } from './people'
export { deliverScheduleMessage, messageableSchedule, messagesToBooking, SCHEDULE_MESSAGE_JOB, scheduleMessages } from './schedule-message.service'
