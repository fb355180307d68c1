import { Elysia } from 'elysia'
import { tagRoutes } from './tag.routes'
import { templateRoutes } from './template.routes'
import { workshopRoutes } from './workshop.routes'
import { scheduleRoutes } from './schedule.routes'
import { resourceRoutes } from './resource.routes'
import { publicScheduleRoutes } from './public.routes'

/** The catalogue: tags, templates, workshops, schedules, resources and the public marketplace. */
export const catalogueRoutes = new Elysia({ name: 'catalogue' })
  .use(publicScheduleRoutes)
  .use(tagRoutes)
  .use(templateRoutes)
  .use(workshopRoutes)
  .use(scheduleRoutes)
  .use(resourceRoutes)
