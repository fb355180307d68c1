/**
 * Questions a workshop asks at booking (up to 10) and the rules of their answers. One file for
 * the API and the forms: the workshop form edits the questions with `QuestionsSchema`, the
 * checkout and the invitation page build `answersSchema(questions, scope)` from the questions
 * they show, and `POST /v1/bookings` checks the same schema (422 naming `answers.<id>`).
 * No server imports.
 */
import * as v from 'valibot'
import { isHttpUrl } from '../../shared/urls'

export const QUESTION_KINDS = ['short_text', 'long_text', 'single_choice', 'multiple_choice', 'yes_no', 'consent'] as const
export type QuestionKind = (typeof QUESTION_KINDS)[number]
export const QUESTION_KIND_LABELS: Record<QuestionKind, string> = {
  short_text: 'Short text',
  long_text: 'Long text',
  single_choice: 'One choice',
  multiple_choice: 'Several choices',
  yes_no: 'Yes or no',
  consent: 'Consent checkbox',
}
/** `booking`: answered once by the booker at checkout; `seat`: by each seat holder (the booker at checkout, others when accepting). */
export const QUESTION_SCOPES = ['booking', 'seat'] as const
export type QuestionScope = (typeof QUESTION_SCOPES)[number]

export const QUESTION_LIMITS = { questions: 10, label: 255, options: 20, option: 100, shortText: 255, longText: 2000, url: 500 } as const
const L = QUESTION_LIMITS

export const QUESTION_MESSAGES = {
  id: 'A question id is letters and digits, starting with q (q1, q2...)',
  duplicateId: 'Each question needs its own id',
  kind: 'Please select a valid question type',
  label: 'The question is required',
  labelMax: `The question must be at most ${L.label} characters`,
  scope: 'Please choose who answers: once per booking or each seat holder',
  optionsMin: 'Give at least 2 choices',
  optionsMax: `At most ${L.options} choices`,
  option: 'A choice cannot be empty',
  optionMax: `A choice must be at most ${L.option} characters`,
  duplicateOption: 'Each choice must be different',
  consentUrl: 'A consent question needs a link to what is agreed to (a valid URL)',
  questionsMax: `At most ${L.questions} questions`,
  required: 'This question needs an answer',
  consent: 'Please tick the box to agree',
  shortText: `The answer must be at most ${L.shortText} characters`,
  longText: `The answer must be at most ${L.longText} characters`,
  choice: 'Please choose one of the options',
  choices: 'Please choose from the options',
  yesNo: 'Please answer yes or no',
  answers: 'Answers must be an object of question ids and answers',
} as const
const M = QUESTION_MESSAGES

const idRule = v.pipe(v.string(M.id), v.trim(), v.regex(/^q[a-z0-9]{1,15}$/, M.id))
const option = v.pipe(v.string(M.option), v.trim(), v.nonEmpty(M.option), v.maxLength(L.option, M.optionMax))

export const QuestionSchema = v.pipe(
  v.strictObject({
    id: idRule,
    kind: v.picklist(QUESTION_KINDS, M.kind),
    label: v.pipe(v.string(M.label), v.trim(), v.nonEmpty(M.label), v.maxLength(L.label, M.labelMax)),
    required: v.optional(v.boolean(), false),
    scope: v.optional(v.picklist(QUESTION_SCOPES, M.scope), 'booking'),
    options: v.optional(v.pipe(v.array(option, M.option), v.maxLength(L.options, M.optionsMax)), []),
    consentUrl: v.optional(v.nullable(v.union([v.literal(''), v.pipe(v.string(M.consentUrl), v.trim(), v.maxLength(L.url, M.consentUrl))])), null),
  }),
  v.forward(
    v.check((q) => !(q.kind === 'single_choice' || q.kind === 'multiple_choice') || q.options.length >= 2, M.optionsMin),
    ['options'],
  ),
  v.forward(
    v.check((q) => new Set(q.options.map((o) => o.toLowerCase())).size === q.options.length, M.duplicateOption),
    ['options'],
  ),
  v.forward(
    v.check((q) => q.kind !== 'consent' || (!!q.consentUrl && isHttpUrl(q.consentUrl)), M.consentUrl),
    ['consentUrl'],
  ),
  // A consent box is always required; options only belong to choices.
  v.transform((q) => ({
    ...q,
    required: q.kind === 'consent' ? true : q.required,
    options: q.kind === 'single_choice' || q.kind === 'multiple_choice' ? q.options : [],
    consentUrl: q.kind === 'consent' ? q.consentUrl || null : null,
  })),
)
export type Question = v.InferOutput<typeof QuestionSchema>

/** The questions of a workshop, in the order they are asked. */
export const QuestionsSchema = v.pipe(
  v.array(QuestionSchema, M.questionsMax),
  v.maxLength(L.questions, M.questionsMax),
  v.check((qs) => new Set(qs.map((q) => q.id)).size === qs.length, M.duplicateId),
)

export const QuestionView = v.object({
  id: v.string(),
  kind: v.picklist(QUESTION_KINDS),
  label: v.string(),
  required: v.boolean(),
  scope: v.picklist(QUESTION_SCOPES),
  options: v.array(v.string()),
  consentUrl: v.nullable(v.string()),
})

/** An answer as sent: text, one choice, several choices, yes/no or the consent tick. */
export type AnswerValue = string | string[] | boolean
/** `{ [questionId]: value }` as `POST /v1/bookings` and the invitation accept take it (shape only; `answersSchema` checks it against the questions). */
export const AnswersInput = v.pipe(
  v.record(
    v.pipe(v.string(), v.maxLength(16)),
    v.union(
      [v.pipe(v.string(), v.maxLength(L.longText)), v.pipe(v.array(v.pipe(v.string(), v.maxLength(L.option))), v.maxLength(L.options)), v.boolean()],
      M.answers,
    ),
    M.answers,
  ),
  v.check((r) => Object.keys(r).length <= L.questions * 2, M.answers),
)

const blank = (x: unknown) => x === undefined || x === null || x === '' || (Array.isArray(x) && x.length === 0)

/** The rule of one question's answer (undefined when not answered and not required). */
export function answerRule(q: Question): v.GenericSchema<unknown, AnswerValue | undefined> {
  const need = (s: v.GenericSchema<any, any>) =>
    (q.required
      ? v.pipe(
          v.any(),
          v.check((x) => !blank(x), q.kind === 'consent' ? M.consent : M.required),
          s,
        )
      : v.nullish(v.union([v.literal(''), s]))) as v.GenericSchema<unknown, AnswerValue | undefined>
  switch (q.kind) {
    case 'short_text':
    case 'long_text': {
      const [max, message] = q.kind === 'short_text' ? [L.shortText, M.shortText] : [L.longText, M.longText]
      return need(
        q.required
          ? v.pipe(v.string(M.required), v.trim(), v.nonEmpty(M.required), v.maxLength(max, message))
          : v.pipe(v.string(M.required), v.trim(), v.maxLength(max, message)),
      )
    }
    case 'single_choice':
      return need(v.picklist(q.options as [string, ...string[]], M.choice))
    case 'multiple_choice':
      return q.required
        ? need(v.pipe(v.array(v.picklist(q.options as [string, ...string[]], M.choices), M.choices), v.minLength(1, M.required)))
        : (v.nullish(v.pipe(v.array(v.picklist(q.options as [string, ...string[]], M.choices), M.choices))) as v.GenericSchema<
            unknown,
            AnswerValue | undefined
          >)
    case 'yes_no':
      return q.required ? need(v.boolean(M.yesNo)) : (v.optional(v.nullable(v.boolean(M.yesNo))) as v.GenericSchema<unknown, AnswerValue | undefined>)
    case 'consent':
      return v.pipe(
        v.any(),
        v.check((x) => x === true, M.consent),
      ) as v.GenericSchema<unknown, AnswerValue | undefined>
  }
}

/** The questions a form of `scope` asks: `booking` (checkout: both kinds, the booker holds a seat) or `seat` (a seat holder accepting). */
export const questionsFor = (questions: readonly Question[], who: 'booker' | 'holder'): Question[] =>
  who === 'booker' ? [...questions] : questions.filter((q) => q.scope === 'seat')

/** The answers object of these questions: unknown ids are refused (strict), each answer by its question's rule. */
export function answersSchema(questions: readonly Question[]) {
  // A missing answer is checked as null, so a required one says its own message (not the object's).
  return v.strictObject(Object.fromEntries(questions.map((q) => [q.id, v.optional(answerRule(q), null)])), M.answers)
}

/**
 * An answer as stored: the question's text and type at the time, so a question changed or
 * removed later keeps what was asked on old bookings.
 */
export interface StoredAnswer {
  label: string
  kind: QuestionKind
  value: AnswerValue
}
export type StoredAnswers = Record<string, StoredAnswer>

/** The checked answers of `questions` as stored (blank ones left out). */
export function storeAnswers(questions: readonly Question[], values: Record<string, AnswerValue | undefined | null>): StoredAnswers {
  const out: StoredAnswers = {}
  for (const q of questions) {
    const value = values[q.id]
    if (value === undefined || value === null || blank(value)) continue
    out[q.id] = { label: q.label, kind: q.kind, value: typeof value === 'string' ? value.trim() : value }
  }
  return out
}

/** An answer as a line of text (pages, the CSV). */
export const answerText = (a: Pick<StoredAnswer, 'value'> | undefined) =>
  a === undefined ? '' : typeof a.value === 'boolean' ? (a.value ? 'Yes' : 'No') : Array.isArray(a.value) ? a.value.join('; ') : a.value

export const StoredAnswersView = v.record(
  v.string(),
  v.object({ label: v.string(), kind: v.picklist(QUESTION_KINDS), value: v.union([v.string(), v.array(v.string()), v.boolean()]) }),
)
