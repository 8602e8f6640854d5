/**
 * Theming (issue 17). Every colour, font and radius inside the widgets reads a documented
 * `--adrelay-*` custom property with a default per theme. Custom properties inherit through
 * a shadow root, so setting them on the host page (or on an `<adrelay-…>` element) restyles
 * the script-tag build too. The `appearance` object sets the same properties inline.
 */

/** `light`, `dark`, or `auto` (follows `prefers-color-scheme`). */
export type AdrelayTheme = 'light' | 'dark' | 'auto'

/** The documented variables, as `appearance.variables` names them (camelCase). */
export interface AppearanceVariables {
  colorPrimary?: string
  colorBackground?: string
  colorText?: string
  colorTextMuted?: string
  colorBorder?: string
  colorDanger?: string
  colorWarning?: string
  colorSuccess?: string
  fontFamily?: string
  fontSize?: string
  borderRadius?: string
  spacingUnit?: string
}

/** `<AdrelayEmbedProvider appearance={…}>`, after Stripe's `appearance`. */
export interface Appearance {
  theme?: AdrelayTheme
  variables?: AppearanceVariables
}

/** camelCase appearance variable → CSS custom property. */
export const CSS_VARIABLES: Record<keyof AppearanceVariables, string> = {
  colorPrimary: '--adrelay-color-primary',
  colorBackground: '--adrelay-color-background',
  colorText: '--adrelay-color-text',
  colorTextMuted: '--adrelay-color-text-muted',
  colorBorder: '--adrelay-color-border',
  colorDanger: '--adrelay-color-danger',
  colorWarning: '--adrelay-color-warning',
  colorSuccess: '--adrelay-color-success',
  fontFamily: '--adrelay-font-family',
  fontSize: '--adrelay-font-size',
  borderRadius: '--adrelay-border-radius',
  spacingUnit: '--adrelay-spacing-unit',
}

/** The inline style setting `appearance.variables` as custom properties. */
export function appearanceStyle(appearance: Appearance | undefined): Record<string, string> {
  const style: Record<string, string> = {}
  for (const [name, value] of Object.entries(appearance?.variables ?? {})) {
    const property = CSS_VARIABLES[name as keyof AppearanceVariables]
    if (property && typeof value === 'string') style[property] = value
  }
  return style
}

const LIGHT = `
  --_primary: var(--adrelay-color-primary, #4f46e5);
  --_bg: var(--adrelay-color-background, #ffffff);
  --_text: var(--adrelay-color-text, #0f172a);
  --_muted: var(--adrelay-color-text-muted, #475569);
  --_border: var(--adrelay-color-border, #e2e8f0);
  --_danger: var(--adrelay-color-danger, #b91c1c);
  --_warning: var(--adrelay-color-warning, #b45309);
  --_success: var(--adrelay-color-success, #15803d);
  --_track: color-mix(in srgb, var(--_border) 70%, transparent);`

const DARK = `
  --_primary: var(--adrelay-color-primary, #a5b4fc);
  --_bg: var(--adrelay-color-background, #0f172a);
  --_text: var(--adrelay-color-text, #f1f5f9);
  --_muted: var(--adrelay-color-text-muted, #cbd5e1);
  --_border: var(--adrelay-color-border, #334155);
  --_danger: var(--adrelay-color-danger, #fca5a5);
  --_warning: var(--adrelay-color-warning, #fcd34d);
  --_success: var(--adrelay-color-success, #86efac);
  --_track: color-mix(in srgb, var(--_border) 80%, transparent);`

/**
 * The widgets' stylesheet, injected once per document or shadow root. Classes are prefixed
 * `adrelay-` so they never meet the host page's.
 */
export const STYLES = `
.adrelay-root {${LIGHT}
  box-sizing: border-box; min-width: 0; max-width: 100%;
  font-family: var(--adrelay-font-family, ui-sans-serif, system-ui, -apple-system, "Segoe UI", sans-serif);
  font-size: var(--adrelay-font-size, 14px); line-height: 1.45;
  color: var(--_text); background: var(--_bg);
  border: 1px solid var(--_border); border-radius: var(--adrelay-border-radius, 8px);
  padding: calc(var(--adrelay-spacing-unit, 4px) * 4);
  overflow-wrap: anywhere;
}
.adrelay-root[data-theme="dark"] {${DARK}}
@media (prefers-color-scheme: dark) { .adrelay-root[data-theme="auto"] {${DARK}} }
.adrelay-root *, .adrelay-root *::before, .adrelay-root *::after { box-sizing: inherit; }
.adrelay-title { margin: 0 0 calc(var(--adrelay-spacing-unit, 4px) * 3); font-size: 1em; font-weight: 600; }
.adrelay-muted { color: var(--_muted); }
.adrelay-small { font-size: 0.857em; }
.adrelay-figure { font-size: 1.6em; font-weight: 700; font-variant-numeric: tabular-nums; }
.adrelay-meter { height: 8px; border-radius: 999px; background: var(--_track); overflow: hidden; margin: 8px 0; }
.adrelay-meter-fill { height: 100%; background: var(--_primary); border-radius: 999px; }
.adrelay-meter-fill[data-level="warning"] { background: var(--_warning); }
.adrelay-meter-fill[data-level="danger"] { background: var(--_danger); }
.adrelay-state { padding: 12px 0; color: var(--_muted); }
.adrelay-error { color: var(--_danger); }
.adrelay-skeleton { height: 12px; border-radius: 4px; background: var(--_track); margin: 8px 0; animation: adrelay-pulse 1.2s ease-in-out infinite; }
@keyframes adrelay-pulse { 50% { opacity: 0.5; } }
@media (prefers-reduced-motion: reduce) { .adrelay-skeleton { animation: none; } }
.adrelay-list { list-style: none; margin: 0; padding: 0; }
.adrelay-list > li { display: flex; flex-wrap: wrap; gap: 4px 12px; justify-content: space-between; padding: 8px 0; border-top: 1px solid var(--_border); }
.adrelay-list > li:first-child { border-top: 0; }
.adrelay-code { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 0.857em; }
.adrelay-status-ok { color: var(--_success); }
.adrelay-status-fail { color: var(--_danger); }
.adrelay-chart { display: block; width: 100%; height: 120px; }
.adrelay-bar { fill: var(--_primary); }
.adrelay-bar-failed { fill: var(--_danger); }
.adrelay-grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(120px, 1fr)); gap: 12px; margin: 0 0 12px; }
.adrelay-grid dt { color: var(--_muted); font-size: 0.857em; }
.adrelay-grid dd { margin: 0; font-weight: 600; font-variant-numeric: tabular-nums; }
.adrelay-select { font: inherit; color: var(--_text); background: var(--_bg); border: 1px solid var(--_border); border-radius: 6px; padding: 4px 8px; max-width: 100%; }
.adrelay-select:focus-visible, .adrelay-button:focus-visible { outline: 2px solid var(--_primary); outline-offset: 2px; }
.adrelay-button { font: inherit; color: var(--_primary); background: transparent; border: 1px solid var(--_border); border-radius: 6px; padding: 4px 10px; cursor: pointer; }
.adrelay-powered { margin-top: 12px; font-size: 0.75em; color: var(--_muted); }
.adrelay-powered a { color: inherit; }
.adrelay-sr-only { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0,0,0,0); white-space: nowrap; border: 0; }
`

const injected = new WeakSet<Document | ShadowRoot>()

/** Adds the stylesheet to `node`'s document or shadow root, once. */
export function injectStyles(node: Node | null) {
  if (!node) return
  const root = node.getRootNode() as Document | ShadowRoot
  if (injected.has(root)) return
  const target = root instanceof Document ? root.head : root
  if (!target) return
  const style = (root instanceof Document ? root : node.ownerDocument!).createElement('style')
  style.setAttribute('data-adrelay-widgets', '')
  style.textContent = STYLES
  target.appendChild(style)
  injected.add(root)
}
