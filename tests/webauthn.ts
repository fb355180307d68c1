/**
 * A software passkey for API tests: an ECDSA P-256 key pair that answers WebAuthn options the way
 * a platform authenticator does ("none" attestation, a signature counter that moves on), so the
 * server's checks (challenge, origin, RP ID, signature, counter) run on real answers. The browser
 * tests use Chromium's virtual authenticator instead.
 */
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto'
import { isoCBOR } from '@simplewebauthn/server/helpers'

const b64u = (b: Uint8Array | Buffer) => Buffer.from(b).toString('base64url')
const sha256 = (b: Uint8Array | Buffer | string) => createHash('sha256').update(b).digest()

export class SoftPasskey {
  readonly credentialId = randomBytes(32)
  private readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  counter = 0
  userHandle: string | undefined

  constructor(
    /** The page's origin (the app's APP_URL). */
    public origin: string,
    /** Synced passkeys report 0 forever; others count up. */
    public counting = true,
  ) {}

  get id() {
    return b64u(this.credentialId)
  }

  private cosePublicKey() {
    const jwk = this.keys.publicKey.export({ format: 'jwk' })
    const key = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
    ])
    return isoCBOR.encode(key)
  }

  private authData(rpId: string, flags: number, attested = false) {
    const counter = Buffer.alloc(4)
    counter.writeUInt32BE(this.counter)
    const parts = [sha256(rpId), Buffer.from([flags]), counter]
    if (attested) {
      const len = Buffer.alloc(2)
      len.writeUInt16BE(this.credentialId.length)
      parts.push(Buffer.alloc(16), len, this.credentialId, Buffer.from(this.cosePublicKey()))
    }
    return Buffer.concat(parts)
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin = this.origin) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }))
  }

  /** The answer to registration options (startRegistration's result). */
  register(options: { challenge: string; rp: { id?: string }; user: { id: string } }, opts: { origin?: string } = {}) {
    const rpId = options.rp.id ?? new URL(this.origin).hostname
    this.userHandle = options.user.id
    const authData = this.authData(rpId, 0x45, true) // UP | UV | AT
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]) as any,
    )
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64u(this.clientData('webauthn.create', options.challenge, opts.origin)),
        attestationObject: b64u(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    }
  }

  /** The answer to authentication options (startAuthentication's result); the counter moves on first. */
  assert(options: { challenge: string; rpId?: string }, opts: { origin?: string; rpId?: string; keepCounter?: boolean } = {}) {
    if (this.counting && !opts.keepCounter) this.counter++
    const rpId = opts.rpId ?? options.rpId ?? new URL(this.origin).hostname
    const authenticatorData = this.authData(rpId, 0x05) // UP | UV
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, opts.origin)
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), this.keys.privateKey)
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64u(clientDataJSON),
        authenticatorData: b64u(authenticatorData),
        signature: b64u(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    }
  }
}
