/** The notification centre (the bell): items written by the modules whose events they tell. */
export { InboxItem } from './inbox.entity'
export { inboxRoutes } from './inbox.routes'
export { inboxPage, markRead, markThreadRead, type Tell, tell, unreadCount } from './inbox.service'
