/**
 * Questions asked at booking: a workshop's questions (at most 10, checked by the schema the
 * form uses), the checkout's answers (422 naming `answers.<id>`), per-seat answers given when
 * accepting an invitation, the attendees CSV, and old answers kept when a question goes.
 */
import { describe, expect, setDefaultTimeout, test } from 'bun:test'
import { actor } from '../client'
import { book, world } from './bookings.fixtures'

setDefaultTimeout(60_000)

const QUESTIONS = [
  { id: 'q1', kind: 'short_text', label: 'Your role?', required: false, scope: 'booking' },
  { id: 'q2', kind: 'single_choice', label: 'Dietary needs', required: true, scope: 'seat', options: ['None', 'Vegetarian', 'Vegan'] },
  { id: 'q3', kind: 'consent', label: 'I agree to the house rules', scope: 'booking', consentUrl: 'https://example.com/rules' },
  { id: 'q4', kind: 'multiple_choice', label: 'Topics', required: false, scope: 'booking', options: ['Voice', 'Slides', 'Nerves'] },
]

async function withQuestions(price = 0) {
  const w = await world({ price, maxSeats: 10 })
  const r = await w.coach.client.patch(`/v1/workshops/${w.workshop.id}`, { questions: QUESTIONS })
  expect(r.status).toBe(200)
  return w
}

describe('booking questions', () => {
  test('the workshop keeps up to 10 questions, each checked by its rules', async () => {
    const w = await withQuestions()
    const shown = await w.coach.client.get(`/v1/workshops/${w.workshop.id}`)
    expect(shown.body.data.questions.map((q: any) => [q.id, q.kind, q.required, q.scope])).toEqual([
      ['q1', 'short_text', false, 'booking'],
      ['q2', 'single_choice', true, 'seat'],
      // A consent box is always required.
      ['q3', 'consent', true, 'booking'],
      ['q4', 'multiple_choice', false, 'booking'],
    ])
    const bad = await w.coach.client.patch(`/v1/workshops/${w.workshop.id}`, {
      questions: [{ id: 'q1', kind: 'single_choice', label: 'Pick', options: ['Only one'] }],
    })
    expect(bad.status).toBe(422)
    expect(bad.body.errors['questions.0.options']).toEqual(['Give at least 2 choices'])
    const noLink = await w.coach.client.patch(`/v1/workshops/${w.workshop.id}`, { questions: [{ id: 'q1', kind: 'consent', label: 'Agree' }] })
    expect(noLink.body.errors['questions.0.consentUrl']).toEqual(['A consent question needs a link to what is agreed to (a valid URL)'])
    const eleven = Array.from({ length: 11 }, (_, i) => ({ id: `q${i + 1}`, kind: 'yes_no', label: `Question ${i + 1}` }))
    const tooMany = await w.coach.client.patch(`/v1/workshops/${w.workshop.id}`, { questions: eleven })
    expect(tooMany.status).toBe(422)
    expect(tooMany.body.errors.questions).toEqual(['At most 10 questions'])
    const dup = await w.coach.client.patch(`/v1/workshops/${w.workshop.id}`, { questions: [QUESTIONS[0], QUESTIONS[0]] })
    expect(dup.body.errors.questions).toEqual(['Each question needs its own id'])
    // Nothing changed by the refused edits.
    expect((await w.coach.client.get(`/v1/workshops/${w.workshop.id}`)).body.data.questions).toHaveLength(4)
  }, 180_000)

  test('the checkout answers are checked per question (422 names answers.<id>) and stored on the booking and the booker seat', async () => {
    const w = await withQuestions()
    const missing = await book(w.client, w.schedule.id, { seats: 2, answers: { q1: 'Manager' } })
    expect(missing.status).toBe(422)
    expect(missing.body.errors['answers.q2']).toEqual(['This question needs an answer'])
    expect(missing.body.errors['answers.q3']).toEqual(['Please tick the box to agree'])
    const wrongChoice = await book(w.client, w.schedule.id, { answers: { q2: 'Pescatarian', q3: true } })
    expect(wrongChoice.body.errors['answers.q2']).toEqual(['Please choose one of the options'])
    const unknown = await book(w.client, w.schedule.id, { answers: { q2: 'Vegan', q3: true, q9: 'x' } })
    expect(unknown.status).toBe(422)
    expect(Object.keys(unknown.body.errors)).toEqual(['answers.q9'])
    const tooLong = await book(w.client, w.schedule.id, { answers: { q1: 'x'.repeat(256), q2: 'Vegan', q3: true } })
    expect(tooLong.body.errors['answers.q1']).toEqual(['The answer must be at most 255 characters'])
    // None of the refused ones booked anything.
    expect((await w.client.client.get('/v1/bookings')).body.data).toHaveLength(0)

    const ok = await book(w.client, w.schedule.id, { seats: 2, answers: { q1: '  Team lead ', q2: 'Vegan', q3: true, q4: ['Voice', 'Nerves'] } })
    expect(ok.status).toBe(201)
    expect(ok.body.data.answers).toEqual({
      q1: { label: 'Your role?', kind: 'short_text', value: 'Team lead' },
      q3: { label: 'I agree to the house rules', kind: 'consent', value: true },
      q4: { label: 'Topics', kind: 'multiple_choice', value: ['Voice', 'Nerves'] },
    })
    const seats = (await w.client.client.get(`/v1/bookings/${ok.body.data.id}/seats`)).body.data
    const mine = seats.find((s: any) => s.userId === w.client.user.id)
    expect(mine.answers).toEqual({ q2: { label: 'Dietary needs', kind: 'single_choice', value: 'Vegan' } })
    expect(seats.find((s: any) => s.userId !== w.client.user.id).answers).toBeNull()
  }, 180_000)

  test('a seat holder answers the per-seat questions when accepting; the CSV has a row per seat with every answer', async () => {
    const w = await withQuestions()
    const b = (await book(w.client, w.schedule.id, { seats: 2, answers: { q1: 'Lead', q2: 'None', q3: true } })).body.data
    const friend = await actor({ profile: { firstName: 'Fran', lastName: 'Friend' } })
    const seat = (await w.client.client.post('/v1/booking-seats', { bookingId: b.id, email: friend.user.email })).body.data
    const token = (await w.client.client.post(`/v1/booking-seats/${seat.id}/send-invitation`)).body.data.invitationUrl.split('/invitations/')[1]
    const shown = await friend.client.get(`/v1/invitations/${token}`)
    expect(shown.body.data.questions.map((q: any) => q.id)).toEqual(['q2'])
    const unanswered = await friend.client.post('/v1/invitations/accept', { invitation_token: token })
    expect(unanswered.status).toBe(422)
    expect(unanswered.body.errors['answers.q2']).toEqual(['This question needs an answer'])
    // A once-per-booking question is not the holder's to answer.
    const notTheirs = await friend.client.post('/v1/invitations/accept', { invitation_token: token, answers: { q2: 'Vegan', q1: 'Boss' } })
    expect(notTheirs.body.errors['answers.q1']).toBeDefined()
    const accepted = await friend.client.post('/v1/invitations/accept', { invitation_token: token, answers: { q2: 'Vegetarian' } })
    expect(accepted.status).toBe(200)

    const csv = await w.coach.client.get(`/v1/workshop-schedules/${w.schedule.id}/attendees.csv`)
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toContain('text/csv')
    const lines = (csv.body as string).trim().split('\r\n')
    expect(lines[0]).toBe('"Name","Email","Booking status","Seat status","Attended","Your role?","Dietary needs","I agree to the house rules","Topics"')
    expect(lines).toHaveLength(3)
    expect(lines[1]).toBe(`"Test ${w.client.user.profile.lastName}","${w.client.user.email}","CONFIRMED","ACCEPTED","no","Lead","None","Yes",""`)
    expect(lines[2]).toBe(`"Fran Friend","${friend.user.email}","CONFIRMED","ACCEPTED","no","Lead","Vegetarian","Yes",""`)

    // Only the coach's side reads it.
    const other = await world()
    expect((await other.coach.client.get(`/v1/workshop-schedules/${w.schedule.id}/attendees.csv`)).status).toBe(404)
    expect((await w.client.client.get(`/v1/workshop-schedules/${w.schedule.id}/attendees.csv`)).status).toBe(404)
  }, 180_000)

  test('a question removed later keeps its answers on old bookings (API and CSV)', async () => {
    const w = await withQuestions()
    const b = (await book(w.client, w.schedule.id, { answers: { q1: 'Founder', q2: 'Vegan', q3: true } })).body.data
    const r = await w.coach.client.patch(`/v1/workshops/${w.workshop.id}`, { questions: [QUESTIONS[1]] })
    expect(r.status).toBe(200)
    expect((await w.client.client.get(`/v1/bookings/${b.id}`)).body.data.answers.q1).toEqual({ label: 'Your role?', kind: 'short_text', value: 'Founder' })
    const lines = ((await w.coach.client.get(`/v1/workshop-schedules/${w.schedule.id}/attendees.csv`)).body as string).trim().split('\r\n')
    expect(lines[0]).toBe(
      '"Name","Email","Booking status","Seat status","Attended","Dietary needs","Your role? (removed)","I agree to the house rules (removed)"',
    )
    expect(lines[1].endsWith('"Vegan","Founder","Yes"')).toBe(true)
    // New bookings answer the questions as they are now.
    const other = await actor()
    expect((await book(other, w.schedule.id, { answers: { q2: 'None' } })).status).toBe(201)
  }, 180_000)
})
