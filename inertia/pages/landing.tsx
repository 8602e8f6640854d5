import { useEffect, useState } from 'react'
import { Head, router, usePage } from '@inertiajs/react'
import { clsx as cn } from 'clsx'
import {
  ArrowRight,
  BarChart3,
  Bell,
  Bot,
  Layers,
  Menu,
  Quote,
  ShieldCheck,
  TrendingUp,
  X,
  type LucideIcon,
} from 'lucide-react'
import { Logo } from '~/components/logo'
import { buttonVariants } from '~/components/ui/button_variants'
import { badgeVariants } from '~/components/ui/badge_variants'
import { apiRequest } from '~/lib/api'
import { formatPrice } from '~/lib/plans'
import { PlanFeatureList } from '~/components/plan_feature_list'
import type { ProductFeatureAvailability, PublicPlan, SharedProps } from '~/types'
import { useProductFeatures } from '~/hooks/use_product_features'

/*
 * Size budget (≤ 150 KB gzip first load): this page imports no TanStack Query, Radix or
 * tailwind-merge. Links styled as buttons use the cva classes directly, and the plans come
 * from GET /api/plans through the same fetch wrapper the query client uses.
 */

/** GET /api/plans once, with the shared fetch wrapper. */
function usePublicPlans() {
  const [state, setState] = useState<{ data?: PublicPlan[]; error?: Error }>({})
  useEffect(() => {
    const controller = new AbortController()
    apiRequest<PublicPlan[]>('/api/plans', { signal: controller.signal })
      .then((data) => setState({ data }))
      .catch((error: Error) => {
        if (!controller.signal.aborted) setState({ error })
      })
    return () => controller.abort()
  }, [])
  return { ...state, isPending: !state.data && !state.error, isError: Boolean(state.error) }
}

/** A link with a button's look. */
function LinkButton({
  href,
  variant = 'default',
  size = 'default',
  className,
  children,
}: {
  href: string
  variant?: 'default' | 'outline' | 'white' | 'outlineLight'
  size?: 'default' | 'sm' | 'lg'
  className?: string
  children: React.ReactNode
}) {
  return (
    <a href={href} className={cn(buttonVariants({ variant, size }), className)}>
      {children}
    </a>
  )
}

/** Every call to action of the landing page starts the sign-in (spec §2 Landing page). */
const LOGIN = '/api/login'

/** The header's section links: inline from `md` up, behind the menu button below that. */
const SECTION_LINKS = [
  { label: 'Features', href: '#features' },
  { label: 'Pricing', href: '#pricing' },
  { label: 'Testimonials', href: '#testimonials' },
  { label: 'Help', href: LOGIN },
]

/** Below `sm` the header has no room for Sign In: the menu carries it. */
const MENU_LINKS = [...SECTION_LINKS, { label: 'Sign In', href: LOGIN }]

/**
 * The marketing claims. `soon` lists platforms not built yet; `extra` is a sentence about a
 * product feature that is shown as a claim once the feature exists (shared prop
 * `productFeatures`) and as "<label> · Coming Soon" until then.
 */
const FEATURES: Array<{
  title: string
  description: string
  icon: LucideIcon
  soon?: string[]
  extra?: { feature: keyof ProductFeatureAvailability; claim: string; label: string }
}> = [
  {
    title: 'AI Campaign Optimization',
    description:
      'Plug your AI agent into our MCP server or REST API and let it read insights and adjust your campaigns with your approval.',
    icon: Bot,
  },
  {
    title: 'Multi-Platform Management',
    description:
      'Manage your Meta ad campaigns from one dashboard. Google Ads and TikTok Ads are on the way.',
    icon: Layers,
    soon: ['Google Ads', 'TikTok Ads'],
  },
  {
    title: 'Advanced Analytics',
    description:
      'Daily call volumes, success and error rates, top endpoints and response-time percentiles for the current month.',
    icon: BarChart3,
  },
  {
    title: 'Automated Scaling',
    description:
      'Scale winners and pause underperformers by your own criteria, from a workflow tool such as n8n.',
    icon: TrendingUp,
  },
  {
    title: 'Risk Management',
    description:
      'Monthly request quotas per API key holder and budgets you control keep spending within your limits.',
    icon: ShieldCheck,
  },
  {
    title: 'Real-time Tracking',
    description: 'Every API call is logged as it happens.',
    extra: {
      feature: 'performance_alerts',
      claim: 'Performance alerts on paid plans.',
      label: 'Performance alerts',
    },
    icon: Bell,
  },
]

const TESTIMONIALS = [
  {
    quote:
      'Our AI agent now pulls Meta insights every morning and flags the ad sets that need attention.',
    name: 'Solo trafficker',
    role: 'E-commerce brands',
  },
  {
    quote:
      'One API key per client and a clear monthly quota made it easy to bring automation to our whole team.',
    name: 'Agency founder',
    role: '12 client accounts',
  },
  {
    quote:
      'Connecting n8n took ten minutes with the workflow template. Pausing underperformers is now automatic.',
    name: 'Growth marketer',
    role: 'SaaS start-up',
  },
]

/** Landing-page button per plan (spec: Get Started, Start Free Trial, Contact Sales). */
const PLAN_CTA: Record<string, string> = {
  free: 'Get Started',
  trafficker: 'Start Free Trial',
  agency: 'Contact Sales',
}

function Pricing() {
  const plans = usePublicPlans()
  return (
    <div className="mx-auto grid max-w-5xl gap-6 md:grid-cols-3">
      {plans.isPending &&
        [0, 1, 2].map((index) => (
          <div
            key={index}
            aria-hidden="true"
            data-slot="skeleton"
            className="h-96 animate-pulse rounded-2xl bg-slate-200"
          />
        ))}
      {plans.isError && (
        <p role="alert" className="text-center text-sm text-red-700 md:col-span-3">
          Pricing could not be loaded. Please refresh the page.
        </p>
      )}
      {plans.data?.map((plan) => (
        <section
          key={plan.id}
          aria-labelledby={`pricing-${plan.id}`}
          data-testid={`pricing-${plan.id}`}
          className={cn(
            'relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm',
            plan.popular ? 'border-indigo-600 ring-2 ring-indigo-600' : 'border-slate-200'
          )}
        >
          {plan.popular && (
            <span className={cn(badgeVariants(), 'absolute -top-3 left-1/2 -translate-x-1/2')}>
              Most Popular
            </span>
          )}
          <h3 id={`pricing-${plan.id}`} className="text-lg font-semibold text-slate-950">
            {plan.landingName}
          </h3>
          <p className="mt-4 flex items-baseline gap-1">
            <span className="text-4xl font-bold tracking-tight text-slate-950">
              {formatPrice(plan.price)}
            </span>
            <span className="text-sm text-slate-600">/month</span>
          </p>
          <PlanFeatureList
            features={plan.features}
            accent="indigo"
            className="mt-6 gap-3 text-sm text-slate-700"
          />
          <LinkButton
            href={LOGIN}
            className="mt-8 w-full"
            variant={plan.popular ? 'default' : 'outline'}
          >
            {PLAN_CTA[plan.id] ?? 'Get Started'}
          </LinkButton>
        </section>
      ))}
    </div>
  )
}

function FooterColumn({
  title,
  items,
}: {
  title: string
  items: Array<{ label: string; href?: string }>
}) {
  return (
    <div>
      <h3 className="text-sm font-semibold text-white">{title}</h3>
      <ul className="mt-3 grid gap-2 text-sm">
        {items.map((item) => (
          <li key={item.label}>
            {item.href ? (
              <a
                href={item.href}
                className="text-slate-300 hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white"
              >
                {item.label}
              </a>
            ) : (
              <span className="text-slate-400">{item.label}</span>
            )}
          </li>
        ))}
      </ul>
    </div>
  )
}

/**
 * Why the last sign-in was refused (shared prop `loginError`, flashed once by the server:
 * a suspended account, a cancelled or failed Google sign-in). Removes `?login_error=` from
 * the address bar so a reload does not look like another failure.
 */
function LoginErrorBanner() {
  const { loginError } = usePage<SharedProps>().props
  useEffect(() => {
    const url = new URL(window.location.href)
    if (!url.searchParams.has('login_error')) return
    url.searchParams.delete('login_error')
    // A client-side replace keeps Inertia's own history entry in step with the address bar.
    router.replace({
      url: url.pathname + url.search + url.hash,
      preserveState: true,
      preserveScroll: true,
    })
  }, [])
  if (!loginError) return null
  return (
    <div className="mx-auto max-w-7xl px-4 pt-4 sm:px-6 lg:px-8">
      <div
        role="alert"
        data-testid="login-error"
        className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
      >
        <p className="font-semibold">
          {loginError.code === 'account_suspended' ? 'Account suspended' : 'Sign-in failed'}
        </p>
        <p className="mt-0.5">{loginError.message}</p>
      </div>
    </div>
  )
}

/** The landing page for visitors (spec §2 Landing page). */
export default function Landing() {
  const productFeatures = useProductFeatures()
  const [menuOpen, setMenuOpen] = useState(false)
  return (
    <div className="min-h-screen bg-white text-slate-900">
      <Head title="AI-assisted ad campaign automation" />
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-3 sm:gap-4 sm:px-6 lg:px-8">
          <a
            href="/"
            className="rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
          >
            <Logo beta />
          </a>
          <nav
            aria-label="Sections"
            className="hidden items-center gap-6 text-sm font-medium text-slate-700 md:flex"
          >
            {SECTION_LINKS.map((link) => (
              <a key={link.label} href={link.href} className="hover:text-slate-950">
                {link.label}
              </a>
            ))}
          </nav>
          <div className="flex items-center gap-1 sm:gap-2">
            <a
              href={LOGIN}
              className="hidden whitespace-nowrap rounded-md px-1.5 py-1.5 text-sm font-medium sm:inline text-slate-700 hover:text-slate-950 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
            >
              Sign In
            </a>
            <LinkButton href={LOGIN} size="sm">
              Get Started
            </LinkButton>
            <button
              type="button"
              className="rounded-md p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 md:hidden"
              aria-expanded={menuOpen}
              aria-controls="landing-menu"
              onClick={() => setMenuOpen((open) => !open)}
            >
              {menuOpen ? (
                <X className="size-5" aria-hidden="true" />
              ) : (
                <Menu className="size-5" aria-hidden="true" />
              )}
              <span className="sr-only">{menuOpen ? 'Close menu' : 'Open menu'}</span>
            </button>
          </div>
        </div>
        {menuOpen && (
          <nav
            id="landing-menu"
            aria-label="Sections menu"
            className="border-t border-slate-200 bg-white px-3 py-2 md:hidden"
            onKeyDown={(event) => event.key === 'Escape' && setMenuOpen(false)}
          >
            <ul className="grid">
              {MENU_LINKS.map((link) => (
                <li key={link.label}>
                  <a
                    href={link.href}
                    onClick={() => setMenuOpen(false)}
                    className="block rounded-md px-3 py-2.5 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-950 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
                  >
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </header>

      <main>
        <LoginErrorBanner />
        <section className="relative overflow-hidden bg-gradient-to-b from-indigo-50 via-white to-white">
          <div className="mx-auto max-w-7xl px-4 pb-20 pt-16 text-center sm:px-6 sm:pt-24 lg:px-8">
            <span className="mb-6 inline-flex rounded-full bg-indigo-100 px-3 py-1 text-xs font-semibold text-indigo-800">
              Now in Beta · Meta Ads supported
            </span>
            <h1 className="mx-auto max-w-4xl text-4xl font-extrabold tracking-tight text-slate-950 sm:text-5xl lg:text-6xl">
              Automate your ad campaigns with <span className="text-indigo-700">AI</span>
            </h1>
            <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-700">
              Adrelay gives digital marketers, solo traffickers and agencies an API key, an MCP
              server and a Meta Ads connection, so your AI agents and workflows can analyse and
              manage campaigns for you.
            </p>
            <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
              <LinkButton href={LOGIN} size="lg">
                Start Free Trial
                <ArrowRight aria-hidden="true" />
              </LinkButton>
              <LinkButton href={LOGIN} size="lg" variant="outline">
                Book Demo
              </LinkButton>
            </div>
            <p className="mt-4 text-sm text-slate-600">
              Sign in with Google. 14-day free trial on paid plans.
            </p>
          </div>
        </section>

        <section id="features" aria-labelledby="features-title" className="scroll-mt-20 py-20">
          <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
            <div className="mx-auto max-w-2xl text-center">
              <h2
                id="features-title"
                className="text-3xl font-bold tracking-tight text-slate-950 sm:text-4xl"
              >
                Everything you need to scale your ads
              </h2>
              <p className="mt-4 text-slate-700">
                One platform for your campaigns, your AI agents and your automations.
              </p>
            </div>
            <div className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {FEATURES.map((feature) => {
                const Icon = feature.icon
                return (
                  <div
                    key={feature.title}
                    className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
                  >
                    <span className="grid size-11 place-items-center rounded-xl bg-indigo-100 text-indigo-700">
                      <Icon className="size-5" aria-hidden="true" />
                    </span>
                    <h3 className="mt-4 text-lg font-semibold text-slate-950">{feature.title}</h3>
                    <p className="mt-2 text-sm text-slate-700">
                      {feature.description}
                      {feature.extra && productFeatures[feature.extra.feature] && (
                        <> {feature.extra.claim}</>
                      )}
                    </p>
                    {feature.extra && !productFeatures[feature.extra.feature] && (
                      <p className="mt-3">
                        <span className={badgeVariants({ variant: 'outline' })}>
                          {feature.extra.label} · Coming Soon
                        </span>
                      </p>
                    )}
                    {feature.soon && (
                      <ul className="mt-3 flex flex-wrap gap-2" aria-label="Platforms">
                        <li>
                          <span className={badgeVariants({ variant: 'success' })}>Meta Ads</span>
                        </li>
                        {feature.soon.map((platform) => (
                          <li key={platform}>
                            <span className={badgeVariants({ variant: 'outline' })}>
                              {platform} · Coming Soon
                            </span>
                          </li>
                        ))}
                      </ul>
                    )}
                  </div>
                )
              })}
            </div>
          </div>
        </section>

        <section
          id="pricing"
          aria-labelledby="pricing-title"
          className="scroll-mt-20 bg-slate-50 py-20"
        >
          <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
            <div className="mx-auto mb-12 max-w-2xl text-center">
              <h2
                id="pricing-title"
                className="text-3xl font-bold tracking-tight text-slate-950 sm:text-4xl"
              >
                Simple, transparent pricing
              </h2>
              <p className="mt-4 text-slate-700">
                All plans include a 14-day free trial. No credit card required.
              </p>
            </div>
            <Pricing />
          </div>
        </section>

        <section
          id="testimonials"
          aria-labelledby="testimonials-title"
          className="scroll-mt-20 py-20"
        >
          <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
            <div className="mx-auto max-w-2xl text-center">
              <h2
                id="testimonials-title"
                className="text-3xl font-bold tracking-tight text-slate-950 sm:text-4xl"
              >
                Built for marketers and agencies
              </h2>
              <p className="mt-4 text-sm text-slate-600">
                Illustrative examples of how beta users work with Adrelay.
              </p>
            </div>
            <div className="mt-12 grid gap-6 md:grid-cols-3">
              {TESTIMONIALS.map((testimonial) => (
                <figure
                  key={testimonial.name}
                  className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
                >
                  <Quote className="size-6 text-indigo-300" aria-hidden="true" />
                  <blockquote className="mt-3 text-slate-800">“{testimonial.quote}”</blockquote>
                  <figcaption className="mt-4 text-sm">
                    <span className="font-semibold text-slate-950">{testimonial.name}</span>
                    <span className="text-slate-600"> · {testimonial.role}</span>
                  </figcaption>
                </figure>
              ))}
            </div>
          </div>
        </section>

        <section aria-labelledby="cta-title" className="px-4 pb-20 sm:px-6 lg:px-8">
          <div className="mx-auto max-w-5xl rounded-3xl bg-gradient-to-r from-indigo-700 to-violet-700 px-6 py-14 text-center text-white shadow-lg sm:px-12">
            <h2 id="cta-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
              Ready to automate your campaigns?
            </h2>
            <p className="mx-auto mt-4 max-w-xl text-indigo-100">
              Create your API key in a minute and connect your Meta ads account.
            </p>
            <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
              <LinkButton href={LOGIN} size="lg" variant="white">
                Start Building
              </LinkButton>
              <LinkButton href={LOGIN} size="lg" variant="outlineLight">
                Book Demo
              </LinkButton>
            </div>
          </div>
        </section>
      </main>

      <footer className="bg-slate-950 text-slate-300">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-4 lg:px-8">
          <div>
            <Logo className="text-white" beta />
            <p className="mt-4 text-sm text-slate-400">
              AI-assisted ad campaign automation for marketers and agencies.
            </p>
          </div>
          <FooterColumn
            title="Product"
            items={[
              { label: 'Features', href: '#features' },
              { label: 'Pricing', href: '#pricing' },
              { label: 'API' },
              { label: 'Integrations' },
            ]}
          />
          <FooterColumn
            title="Support"
            items={[
              { label: 'Help Center', href: LOGIN },
              { label: 'Documentation' },
              { label: 'Status' },
            ]}
          />
          <FooterColumn
            title="Company"
            items={[
              { label: 'About' },
              { label: 'Blog' },
              { label: 'Privacy Policy', href: '/privacy' },
            ]}
          />
        </div>
        <div className="border-t border-slate-800 py-6 text-center text-xs text-slate-400">
          © {new Date().getFullYear()} Adrelay. All rights reserved.
        </div>
      </footer>
    </div>
  )
}
