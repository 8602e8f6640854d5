import './css/app.css'
import { createRoot } from 'react-dom/client'
import { createInertiaApp } from '@inertiajs/react'
import { resolvePageComponent } from '@adonisjs/inertia/helpers'

createInertiaApp({
  title: (title) => (title ? `${title} · Adrelay` : 'Adrelay'),
  // Lazy glob: every page is its own chunk, so the landing page never loads the dashboard.
  resolve: (name) =>
    resolvePageComponent(`./pages/${name}.tsx`, import.meta.glob('./pages/**/*.tsx')),
  setup({ el, App, props }) {
    // The QueryClientProvider and the Toaster live in the signed-in shell
    // (layouts/app_shell.tsx), which every data page uses as its persistent layout: the public
    // pages (landing, privacy, 404) then load neither TanStack Query nor Radix, keeping the
    // landing page within its first-load budget (scripts/bundle_budgets.mjs). A page outside
    // the shell that needs queries or toasts must mount
    // <QueryClientProvider client={queryClient}> / <Toaster />.
    createRoot(el).render(<App {...props} />)
  },
  progress: { color: '#4f46e5' },
})
