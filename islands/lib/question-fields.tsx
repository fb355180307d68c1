/**
 * The questions a workshop asks (checkout, invitation), as design-system controls; each answer
 * is checked with its question's rule from workshops/question.schema.ts (the one the API uses),
 * on blur and on change once left, and the server's 422 (`answers.<id>`) lands under its field.
 */
import { css } from 'styled-system/css'
import * as v from 'valibot'
import { Checkbox, CheckboxGroup } from '../../design-system/components/checkbox/checkbox'
import { Choice } from '../../design-system/components/choice/choice'
import { FormField } from '../../design-system/components/field/form-field'
import { Input, Textarea } from '../../design-system/components/input/input'
import { NativeSelect } from '../../design-system/components/native-select/native-select'
import { type AnswerValue, answerRule, type Question } from '../../src/modules/workshops/question.schema'

export type Answers = Record<string, AnswerValue | undefined>

/** The first message of a question's rule for a value, or undefined. */
export function answerError(q: Question, value: unknown) {
  const r = v.safeParse(answerRule(q), value ?? null, { abortPipeEarly: true })
  return r.success ? undefined : r.issues[0]?.message
}

/** Every question's error, keyed `answers.<id>` as the API names them (null: all answered well). */
export function answersErrors(questions: readonly Question[], answers: Answers): Record<string, string[]> | null {
  const bag: Record<string, string[]> = {}
  for (const q of questions) {
    const e = answerError(q, answers[q.id])
    if (e) bag[`answers.${q.id}`] = [e]
  }
  return Object.keys(bag).length ? bag : null
}

/** The answers as sent: blanks left out. */
export const answersBody = (answers: Answers) =>
  Object.fromEntries(Object.entries(answers).filter(([, x]) => x !== undefined && x !== '' && !(Array.isArray(x) && x.length === 0)))

const linkCss = css({ textDecoration: 'underline', textUnderlineOffset: '2px' })

export function QuestionFields({
  questions,
  answers,
  errorOf,
  onChange,
  onBlur,
  idPrefix,
}: {
  questions: readonly Question[]
  answers: Answers
  errorOf: (id: string) => string | undefined
  onChange: (id: string, value: AnswerValue | undefined) => void
  onBlur: (id: string) => void
  idPrefix: string
}) {
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '4' })} data-testid="booking-questions">
      {questions.map((q) => {
        const id = `${idPrefix}-${q.id}`
        const error = errorOf(q.id)
        const value = answers[q.id]
        switch (q.kind) {
          case 'short_text':
            return (
              <FormField key={q.id} id={id} label={q.label} required={q.required} error={error}>
                <Input name={`answers.${q.id}`} value={(value as string) ?? ''} onChange={(e) => onChange(q.id, e.target.value)} onBlur={() => onBlur(q.id)} />
              </FormField>
            )
          case 'long_text':
            return (
              <FormField key={q.id} id={id} label={q.label} required={q.required} error={error}>
                <Textarea
                  name={`answers.${q.id}`}
                  rows={3}
                  value={(value as string) ?? ''}
                  onChange={(e) => onChange(q.id, e.target.value)}
                  onBlur={() => onBlur(q.id)}
                />
              </FormField>
            )
          case 'single_choice':
            return (
              <FormField key={q.id} id={id} label={q.label} required={q.required} error={error}>
                <NativeSelect
                  name={`answers.${q.id}`}
                  value={(value as string) ?? ''}
                  onChange={(e) => {
                    onChange(q.id, e.target.value || undefined)
                    onBlur(q.id)
                  }}
                  onBlur={() => onBlur(q.id)}
                >
                  <option value="">Choose…</option>
                  {q.options.map((o) => (
                    <option key={o} value={o}>
                      {o}
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
            )
          case 'multiple_choice':
            return (
              <FormField key={q.id} id={id} label={q.label} required={q.required} error={error} group>
                <CheckboxGroup
                  label={q.label}
                  options={q.options}
                  value={(value as string[]) ?? []}
                  onChange={(next) => {
                    onChange(q.id, next)
                    onBlur(q.id)
                  }}
                />
              </FormField>
            )
          case 'yes_no':
            return (
              <FormField key={q.id} id={id} label={q.label} required={q.required} error={error} group>
                <div role="radiogroup" aria-label={q.label} className={css({ display: 'flex', gap: '2' })}>
                  {[
                    [true, 'Yes'],
                    [false, 'No'],
                  ].map(([b, text]) => (
                    <Choice key={String(b)}>
                      <input
                        type="radio"
                        name={`answers.${q.id}`}
                        checked={value === b}
                        onChange={() => {
                          onChange(q.id, b as boolean)
                          onBlur(q.id)
                        }}
                      />{' '}
                      {text as string}
                    </Choice>
                  ))}
                </div>
              </FormField>
            )
          case 'consent':
            return (
              <FormField key={q.id} id={id} label="Agreement" required error={error} group>
                <Checkbox
                  data-testid={`consent-${q.id}`}
                  checked={value === true}
                  onCheckedChange={(on) => {
                    onChange(q.id, on ? true : undefined)
                    onBlur(q.id)
                  }}
                  label={
                    <>
                      {q.label}{' '}
                      {q.consentUrl ? (
                        <a href={q.consentUrl} target="_blank" rel="noopener noreferrer" className={linkCss}>
                          (read)
                        </a>
                      ) : null}
                    </>
                  }
                />
              </FormField>
            )
          default:
            return null
        }
      })}
    </div>
  )
}
