/**
 * Preloaded by `bun test`: one real PostgreSQL (embedded, throwaway), the app on a random
 * port, and the local peers the product talks to. Everything stops after the run.
 */
import { afterAll } from 'bun:test'
import { testEnv } from './env'

Object.assign(process.env, testEnv())

const { boot } = await import('../src/boot')
const running = await boot({ port: 0, throwawayDb: true, seedDemo: false, hostname: '127.0.0.1' })
;(globalThis as any).__summit = running

afterAll(async () => {
  await running.stop()
})
