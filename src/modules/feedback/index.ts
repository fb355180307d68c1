/** Feedback: ratings and comments of attended workshops, and the coach ratings built on them (the front door). */

export { Feedback, FeedbackTotal } from './feedback.entity'
export { feedbackRoutes } from './feedback.routes'
export { coachRatings } from './feedback.service'
