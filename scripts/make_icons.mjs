/*
| Renders the app icons (public/icon-192.png, icon-512.png, apple-touch-icon.png, favicon.ico) from
| public/favicon.svg with Debian's Chromium (playwright-core), so the PNGs always match the
| SVG. Run after changing the SVG: `node scripts/make_icons.mjs`. The PNGs are committed.
*/
import { readFile, writeFile } from 'node:fs/promises'
import { chromium } from 'playwright-core'

const svg = await readFile(new URL('../public/favicon.svg', import.meta.url), 'utf8')
// The maskable/touch icons are full-bleed squares: iOS and Android apply their own rounding.
const square = svg.replace('rx="7"', 'rx="0"')
const targets = [
  { file: 'icon-192.png', size: 192, source: svg },
  { file: 'icon-512.png', size: 512, source: svg },
  { file: 'apple-touch-icon.png', size: 180, source: square },
  { file: 'favicon.ico', size: 32, source: svg, ico: true },
]

/**
 * Wraps one PNG in an ICO container (ICONDIR + one ICONDIRENTRY, PNG payload: allowed since
 * Windows Vista and read by every current browser) for clients that ask for /favicon.ico.
 */
function pngToIco(png, size) {
  const header = Buffer.alloc(6 + 16)
  header.writeUInt16LE(0, 0) // reserved
  header.writeUInt16LE(1, 2) // type: icon
  header.writeUInt16LE(1, 4) // one image
  header.writeUInt8(size, 6) // width
  header.writeUInt8(size, 7) // height
  header.writeUInt8(0, 8) // no palette
  header.writeUInt8(0, 9) // reserved
  header.writeUInt16LE(1, 10) // colour planes
  header.writeUInt16LE(32, 12) // bits per pixel
  header.writeUInt32LE(png.length, 14) // payload size
  header.writeUInt32LE(22, 18) // payload offset
  return Buffer.concat([header, png])
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
})
try {
  const page = await browser.newPage()
  for (const { file, size, source, ico } of targets) {
    await page.setViewportSize({ width: size, height: size })
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${source}`
    )
    const png = await page.screenshot({ omitBackground: true })
    await writeFile(new URL(`../public/${file}`, import.meta.url), ico ? pngToIco(png, size) : png)
    console.log(`public/${file} (${size}×${size})`)
  }
} finally {
  await browser.close()
}
