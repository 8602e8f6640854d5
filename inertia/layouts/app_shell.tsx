import { lazy, Suspense, useRef, useState, type ReactNode } from 'react'
import { Link, usePage } from '@inertiajs/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { queryClient } from '~/lib/query_client'
import {
  BarChart3,
  Bell,
  Bot,
  CreditCard,
  LogOut,
  Megaphone,
  Menu,
  Plug,
  ShieldCheck,
  User as UserIcon,
  Workflow,
  Contact,
  type LucideIcon,
} from 'lucide-react'
import { Logo } from '~/components/logo'
import { Badge } from '~/components/ui/badge'
import { Toaster } from '~/components/ui/toaster'
import { DialogLoading } from '~/components/dialog_loading'
import { useSessionUser } from '~/hooks/use_session_user'
import { useLiveNotifications } from '~/hooks/use_notifications'
import { cn } from '~/lib/utils'
import type { SessionUser } from '~/types'

// Not in the shell's first load: the bell (its popover brings Radix Popover and Floating UI)
// loads once the shell has rendered, the drawer menu (Radix Dialog) on first open. The
// toaster stays: a toast raised on arrival (Access Denied, Unauthorized) must show at once.
const MobileMenu = lazy(() => import('~/layouts/mobile_menu'))
const LazyNotificationBell = lazy(() =>
  import('~/components/notification_bell').then((module) => ({
    default: module.NotificationBell,
  }))
)

/** The bell while its chunk loads: the same icon and size, busy (ADR 0023's settled signal). */
function BellPlaceholder() {
  return (
    <span aria-busy="true" className="inline-block rounded-md p-2 text-slate-400">
      <Bell className="size-5" aria-hidden="true" />
      <span className="sr-only">Notifications</span>
    </span>
  )
}

function NotificationBell({ align }: { align?: 'start' | 'end' }) {
  return (
    <Suspense fallback={<BellPlaceholder />}>
      <LazyNotificationBell align={align} />
    </Suspense>
  )
}

interface NavItem {
  label: string
  href: string
  icon: LucideIcon
  adminOnly?: boolean
}

/** Sidebar links (spec §2 Sidebar), in the spec's order; Campaigns from issue 15, Leads from 16. */
export const NAV_ITEMS: NavItem[] = [
  { label: 'Dashboard', href: '/', icon: BarChart3 },
  { label: 'Campaigns', href: '/campaigns', icon: Megaphone },
  { label: 'Integrations', href: '/integrations', icon: Plug },
  { label: 'Automation', href: '/dashboard', icon: Bot },
  { label: 'Rules', href: '/rules', icon: Workflow },
  { label: 'Leads', href: '/leads', icon: Contact },
  { label: 'Subscription', href: '/subscription', icon: CreditCard },
  { label: 'Profile', href: '/profile', icon: UserIcon },
  { label: 'Alerts', href: '/alerts', icon: Bell },
  { label: 'Admin', href: '/admin', icon: ShieldCheck, adminOnly: true },
]

/** Plans with Performance Alerts get the notification centre (the server enforces it too). */
function hasAlerts(user: SessionUser) {
  return user.features.includes('performance_alerts')
}

/** Keeps the bell live (SSE); inside the QueryClientProvider, renders nothing. */
function LiveNotifications({ userId, enabled }: { userId: number; enabled: boolean }) {
  useLiveNotifications(userId, enabled)
  return null
}

function isCurrent(href: string, url: string) {
  const path = url.split('?')[0].split('#')[0]
  return href === '/' ? path === '/' : path === href || path.startsWith(`${href}/`)
}

function SidebarContents({
  user,
  url,
  onNavigate,
  bell = false,
}: {
  user: SessionUser
  url: string
  onNavigate?: () => void
  /** Show the notification bell next to the logo (the desktop sidebar). */
  bell?: boolean
}) {
  const showPro = !user.entitled
  const items = NAV_ITEMS.filter((item) => !item.adminOnly || user.role === 'admin')
  return (
    <div className="flex h-full flex-col">
      <div className="flex h-16 items-center justify-between gap-2 px-5">
        <Link
          href="/"
          onClick={onNavigate}
          className="rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        >
          <Logo beta />
        </Link>
        {bell && hasAlerts(user) && <NotificationBell />}
      </div>
      <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-2">
        <ul className="grid gap-1">
          {items.map((item) => {
            const current = isCurrent(item.href, url)
            const Icon = item.icon
            return (
              <li key={item.href}>
                <Link
                  href={item.href}
                  onClick={onNavigate}
                  aria-current={current ? 'page' : undefined}
                  className={cn(
                    'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500',
                    current
                      ? 'bg-indigo-50 text-indigo-800'
                      : 'text-slate-700 hover:bg-slate-100 hover:text-slate-950'
                  )}
                >
                  <Icon className="size-4" aria-hidden="true" />
                  <span className="flex-1">{item.label}</span>
                  {item.href === '/' && showPro && <Badge variant="pro">PRO</Badge>}
                </Link>
              </li>
            )
          })}
        </ul>
      </nav>
      <div className="border-t border-slate-200 p-4">
        <div className="flex items-center gap-3">
          <div
            aria-hidden="true"
            className="grid size-9 shrink-0 place-items-center rounded-full bg-indigo-100 text-sm font-semibold text-indigo-800"
          >
            {(user.displayName.charAt(0) || '?').toUpperCase()}
          </div>
          <div className="min-w-0 flex-1">
            <p
              className="truncate text-sm font-medium text-slate-900"
              data-testid="sidebar-user-name"
            >
              {user.displayName}
            </p>
            <p className="truncate text-xs text-slate-600" data-testid="sidebar-plan-name">
              {user.subscription.plan.name} Plan
            </p>
          </div>
        </div>
        <a
          href="/api/logout"
          className="mt-3 flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-950 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        >
          <LogOut className="size-4" aria-hidden="true" />
          Logout
        </a>
      </div>
    </div>
  )
}

/**
 * The signed-in shell (spec §2): a left sidebar from `lg` up; below that a top bar whose menu
 * button opens the same sidebar as a focus-trapped drawer. It also provides the app's one
 * QueryClient and the Toaster (see app.tsx for why they live here).
 * Use it as a persistent layout: `Page.layout = (page) => <AppShell>{page}</AppShell>`.
 */
export default function AppShell({ children }: { children: ReactNode }) {
  const user = useSessionUser()
  const { url } = usePage()
  const [menuOpen, setMenuOpen] = useState(false)
  const menuButton = useRef<HTMLButtonElement>(null)

  // Signed-out visitors only reach a shell page for the moment before the page's
  // 'Unauthorized' redirect runs: no navigation for them.
  if (!user) {
    return (
      <QueryClientProvider client={queryClient}>
        <main id="main-content" className="grid min-h-screen place-items-center bg-slate-50 p-4">
          {children}
        </main>
        <Toaster />
      </QueryClientProvider>
    )
  }

  return (
    <QueryClientProvider client={queryClient}>
      <LiveNotifications userId={user.id} enabled={hasAlerts(user)} />
      <div className="min-h-screen bg-slate-50 text-slate-900">
        <a
          href="#main-content"
          className="sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-medium focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
        >
          Skip to content
        </a>
        <aside className="fixed inset-y-0 left-0 hidden w-64 border-r border-slate-200 bg-white lg:block">
          <SidebarContents user={user} url={url} bell />
        </aside>

        <header className="sticky top-0 z-30 flex h-14 items-center justify-between border-b border-slate-200 bg-white/95 px-4 backdrop-blur lg:hidden">
          <Link
            href="/"
            className="rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
          >
            <Logo />
          </Link>
          <div className="flex items-center gap-1">
            {hasAlerts(user) && <NotificationBell align="end" />}
            <button
              ref={menuButton}
              type="button"
              aria-haspopup="dialog"
              aria-expanded={menuOpen}
              onClick={() => setMenuOpen(true)}
              className="rounded-md p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
            >
              <Menu className="size-5" aria-hidden="true" />
              <span className="sr-only">Open menu</span>
            </button>
          </div>
        </header>
        {menuOpen && (
          <Suspense fallback={<DialogLoading />}>
            <MobileMenu onClose={() => setMenuOpen(false)} triggerRef={menuButton}>
              <SidebarContents user={user} url={url} onNavigate={() => setMenuOpen(false)} />
            </MobileMenu>
          </Suspense>
        )}

        <div className="lg:pl-64">
          <main
            id="main-content"
            tabIndex={-1}
            className="mx-auto w-full max-w-7xl px-4 py-6 focus:outline-none sm:px-6 lg:px-8 lg:py-8"
          >
            {children}
          </main>
        </div>
      </div>
      <Toaster />
    </QueryClientProvider>
  )
}

/** Page header used inside the shell: title, optional description and actions. */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: ReactNode
  description?: ReactNode
  actions?: ReactNode
}) {
  return (
    <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-950 sm:text-3xl">{title}</h1>
        {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  )
}
