import * as v from 'valibot'

export const AuthFormProps = v.object({
  mode: v.picklist(['login', 'register']),
  /** Where to land afterwards (the `redirect` query), a path on this site. */
  redirect: v.nullable(v.string()),
  /** The `token` of an emailed /login?token=... link. */
  token: v.nullable(v.string()),
  providers: v.array(v.object({ id: v.string(), name: v.string(), redirectUrl: v.string() })),
})
export type AuthFormProps = v.InferOutput<typeof AuthFormProps>
