/**
 * Draws the demo pictures shipped in src/demo/images/ (workshop covers and coach portraits):
 * plain SVG scenes rendered to webp with sharp, so the repository holds its own freely usable
 * images and the demo needs nothing from outside. Run again only to change them:
 *
 *   bun run scripts/demo-images.ts
 */

import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import sharp from 'sharp'

const OUT = resolve(import.meta.dir, '../src/demo/images')
const W = 1600
const H = 1000

const sky = (
  a: string,
  b: string,
) => `<defs><linearGradient id="sky" x1="0" y1="0" x2="0.4" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>
<radialGradient id="glow" cx="0.78" cy="0.2" r="0.5"><stop offset="0" stop-color="#fff" stop-opacity=".55"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>
<rect width="${W}" height="${H}" fill="url(#sky)"/><rect width="${W}" height="${H}" fill="url(#glow)"/>`

/** A person seen from afar: head and shoulders. */
const person = (x: number, y: number, s: number, shirt: string, skin = '#f2c9a0', hair = '#2b1d14') =>
  `<g transform="translate(${x} ${y}) scale(${s})"><path d="M-60 140 Q-60 40 0 40 Q60 40 60 140 Z" fill="${shirt}"/><circle cx="0" cy="0" r="34" fill="${skin}"/><path d="M-34 -4 Q-30 -40 0 -40 Q32 -40 34 -4 Q20 -22 0 -22 Q-20 -22 -34 -4Z" fill="${hair}"/></g>`

const scenes: Record<string, string> = {
  // First-Time Manager Bootcamp / Leadership Essentials: a team around a table, one standing.
  leadership: `${sky('#fde68a', '#f97316')}
    <circle cx="1240" cy="210" r="120" fill="#fff7ed" opacity=".8"/>
    <rect x="0" y="720" width="${W}" height="280" fill="#7c2d12" opacity=".85"/>
    <ellipse cx="800" cy="760" rx="560" ry="90" fill="#431407"/>
    ${person(430, 560, 1.3, '#1d4ed8')}${person(640, 540, 1.3, '#0f766e', '#c68642')}${person(960, 540, 1.3, '#7c3aed', '#8d5524', '#111')}${person(1170, 560, 1.3, '#be123c', '#f1c27d', '#6b3e26')}
    ${person(800, 330, 1.9, '#111827', '#e0ac69', '#1f1300')}
    <rect x="560" y="700" width="120" height="16" rx="8" fill="#fef3c7"/><rect x="900" y="694" width="150" height="16" rx="8" fill="#fef3c7"/>`,
  // Difficult Conversations: two speech bubbles facing each other.
  conversations: `${sky('#c7d2fe', '#6d28d9')}
    <path d="M260 260 h520 a60 60 0 0 1 60 60 v220 a60 60 0 0 1 -60 60 h-340 l-120 110 v-110 h-60 a60 60 0 0 1 -60 -60 v-220 a60 60 0 0 1 60 -60z" fill="#fff" opacity=".95"/>
    <path d="M1340 420 h-520 a60 60 0 0 0 -60 60 v220 a60 60 0 0 0 60 60 h340 l120 110 v-110 h60 a60 60 0 0 0 60 -60 v-220 a60 60 0 0 0 -60 -60z" fill="#fbbf24"/>
    <g fill="#6d28d9" opacity=".55"><rect x="330" y="340" width="380" height="26" rx="13"/><rect x="330" y="400" width="300" height="26" rx="13"/><rect x="330" y="460" width="340" height="26" rx="13"/></g>
    <g fill="#78350f" opacity=".55"><rect x="890" y="500" width="380" height="26" rx="13"/><rect x="890" y="560" width="260" height="26" rx="13"/><rect x="890" y="620" width="320" height="26" rx="13"/></g>`,
  // Speak Like a Pro / Presenting with Confidence: a speaker under a spotlight on a stage.
  speaking: `<defs><linearGradient id="st" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0f172a"/><stop offset="1" stop-color="#312e81"/></linearGradient>
    <linearGradient id="beam" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fef9c3" stop-opacity=".9"/><stop offset="1" stop-color="#fef9c3" stop-opacity=".15"/></linearGradient></defs>
    <rect width="${W}" height="${H}" fill="url(#st)"/>
    <path d="M740 0 L860 0 L1120 820 L480 820 Z" fill="url(#beam)"/>
    <rect x="0" y="800" width="${W}" height="200" fill="#7f1d1d"/><rect x="0" y="800" width="${W}" height="18" fill="#b91c1c"/>
    <ellipse cx="800" cy="812" rx="320" ry="26" fill="#fde68a" opacity=".6"/>
    ${person(800, 520, 2.1, '#dc2626', '#e0ac69', '#1c1917')}
    <rect x="700" y="640" width="200" height="170" rx="12" fill="#1f2937"/><rect x="780" y="560" width="12" height="90" fill="#9ca3af"/><circle cx="786" cy="552" r="18" fill="#4b5563"/>
    <g fill="#1e293b">${[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((i) => `<circle cx="${70 + i * 133}" cy="960" r="46"/>`).join('')}</g>`,
  // Storytelling for Leaders: an open book with a path rising out of it.
  storytelling: `${sky('#99f6e4', '#0e7490')}
    <path d="M200 900 Q520 560 800 640 Q1100 720 1420 420" stroke="#fef3c7" stroke-width="34" fill="none" stroke-linecap="round" stroke-dasharray="2 60"/>
    <path d="M300 760 Q560 700 800 780 L800 960 Q560 880 300 940 Z" fill="#fff"/><path d="M1300 760 Q1040 700 800 780 L800 960 Q1040 880 1300 940 Z" fill="#f1f5f9"/>
    <g stroke="#94a3b8" stroke-width="10" stroke-linecap="round"><path d="M380 800 L700 810"/><path d="M380 850 L700 860"/><path d="M900 810 L1220 800"/><path d="M900 860 L1220 850"/></g>
    <circle cx="1420" cy="420" r="60" fill="#fde047"/><path d="M1380 300 l40 -80 l40 80z" fill="#f97316"/>
    <g fill="#134e4a" opacity=".5"><path d="M0 700 L260 420 L520 700Z"/><path d="M1060 700 L1300 480 L1600 700Z"/></g>`,
  // Startup Strategy Sprint / Strategy Sprint: a rising bar chart and a flag on top.
  strategy: `${sky('#bfdbfe', '#1e3a8a')}
    <g fill="#fff" opacity=".12">${[0, 1, 2, 3, 4, 5, 6, 7].map((i) => `<rect x="0" y="${120 + i * 110}" width="${W}" height="2"/>`).join('')}</g>
    ${[260, 360, 470, 600, 740].map((h, i) => `<rect x="${250 + i * 230}" y="${880 - h}" width="150" height="${h}" rx="14" fill="${['#60a5fa', '#38bdf8', '#22d3ee', '#34d399', '#facc15'][i]}"/>`).join('')}
    <path d="M260 700 L480 600 L720 520 L950 380 L1190 260" stroke="#fff" stroke-width="14" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
    <rect x="1262" y="40" width="10" height="110" fill="#fff"/><path d="M1272 40 h110 l-30 30 l30 30 h-110z" fill="#ef4444"/>
    <rect x="0" y="880" width="${W}" height="120" fill="#172554"/>`,
  // Fundraising Fundamentals: coins stacking up beside a rocket trail.
  fundraising: `${sky('#bbf7d0', '#047857')}
    ${[0, 1, 2, 3, 4, 5, 6].map((i) => `<ellipse cx="520" cy="${860 - i * 60}" rx="180" ry="46" fill="${i % 2 ? '#fbbf24' : '#f59e0b'}" stroke="#b45309" stroke-width="8"/>`).join('')}
    ${[0, 1, 2, 3].map((i) => `<ellipse cx="880" cy="${860 - i * 60}" rx="150" ry="40" fill="${i % 2 ? '#fbbf24' : '#f59e0b'}" stroke="#b45309" stroke-width="8"/>`).join('')}
    <path d="M1000 900 Q1200 700 1330 300" stroke="#fff" stroke-width="26" stroke-dasharray="40 30" fill="none" opacity=".8"/>
    <g transform="translate(1340 250) rotate(20)"><path d="M0 -120 Q60 -60 50 60 L-50 60 Q-60 -60 0 -120Z" fill="#f8fafc"/><circle cx="0" cy="-20" r="22" fill="#0ea5e9"/><path d="M-50 20 L-95 80 L-50 70Z M50 20 L95 80 L50 70Z" fill="#ef4444"/><path d="M-30 60 L0 130 L30 60Z" fill="#f97316"/></g>
    <rect x="0" y="900" width="${W}" height="100" fill="#064e3b"/>`,
  // Career Reset: stairs climbing towards a sunrise.
  career: `${sky('#fecdd3', '#be185d')}
    <circle cx="1250" cy="330" r="170" fill="#fde68a"/>
    ${[0, 1, 2, 3, 4, 5].map((i) => `<rect x="${200 + i * 190}" y="${860 - (i + 1) * 100}" width="${W}" height="${(i + 1) * 100 + 200}" fill="${['#831843', '#9d174d', '#be185d', '#db2777', '#ec4899', '#f472b6'][i]}"/>`).join('')}
    ${person(1000, 250, 1.1, '#0f172a', '#f1c27d', '#3f2a1d')}`,
}

/** Coach portraits: head and shoulders on a soft backdrop. */
const portraits: Record<string, [string, string, string, string, string]> = {
  maya: ['#fde68a', '#f59e0b', '#065f46', '#8d5524', '#1b0f0a'],
  leo: ['#bae6fd', '#0284c7', '#7c2d12', '#f1c27d', '#3b2416'],
  sara: ['#e9d5ff', '#7c3aed', '#1e3a8a', '#f6d5c3', '#d4a017'],
}
const portrait = ([a, b, shirt, skin, hair]: [string, string, string, string, string]) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="640" viewBox="0 0 640 640">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
  <rect width="640" height="640" fill="url(#bg)"/><circle cx="500" cy="120" r="150" fill="#fff" opacity=".2"/>
  <path d="M90 640 Q100 430 320 420 Q540 430 550 640Z" fill="${shirt}"/><path d="M270 400 h100 v60 q-50 30 -100 0z" fill="${skin}"/>
  <ellipse cx="320" cy="290" rx="120" ry="140" fill="${skin}"/>
  <path d="M196 280 Q190 140 320 135 Q450 140 444 280 Q420 200 320 195 Q230 200 196 280Z" fill="${hair}"/>
  <circle cx="275" cy="295" r="11" fill="#1f2937"/><circle cx="365" cy="295" r="11" fill="#1f2937"/><path d="M280 360 Q320 390 360 360" stroke="#7f1d1d" stroke-width="9" fill="none" stroke-linecap="round"/>
</svg>`

mkdirSync(OUT, { recursive: true })
for (const [name, body] of Object.entries(scenes)) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`
  await sharp(Buffer.from(svg))
    .webp({ quality: 80 })
    .toFile(join(OUT, `${name}.webp`))
}
for (const [name, colours] of Object.entries(portraits)) {
  await sharp(Buffer.from(portrait(colours)))
    .webp({ quality: 82 })
    .toFile(join(OUT, `coach-${name}.webp`))
}
console.log(`demo images written to ${OUT}`)
