import { Elysia } from 'elysia'
import { publicScheduleRoutes } from './public.routes'
import { resourceRoutes } from './resource.routes'
import { scheduleRoutes } from './schedule.routes'
import { tagRoutes } from './tag.routes'
import { templateRoutes } from './template.routes'
import { workshopRoutes } from './workshop.routes'

/** The catalogue: tags, templates, workshops, schedules, resources and the public marketplace. */
export const catalogueRoutes = new Elysia({ name: 'catalogue' })
  .use(publicScheduleRoutes)
  .use(tagRoutes)
  .use(templateRoutes)
  .use(workshopRoutes)
  .use(scheduleRoutes)
  .use(resourceRoutes)
