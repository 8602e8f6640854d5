import type { ReactNode } from 'react'
import { Head } from '@inertiajs/react'
import { ArrowLeft, Mail, ShieldCheck } from 'lucide-react'
import { Logo } from '~/components/logo'
import { Button } from '~/components/ui/button'
import type { PrivacyRetention } from '~/types'

/**
 * Date of the last change to this text. The spec's page said January 2025 and claimed "no
 * long-term storage"; this text describes what Adrelay really stores, so it carries its own date.
 */
const LAST_UPDATED = 'November 2026'

function Section({
  number,
  title,
  children,
}: {
  number: number
  title: string
  children: ReactNode
}) {
  return (
    <section aria-labelledby={`privacy-${number}`} className="scroll-mt-20">
      <h2 id={`privacy-${number}`} className="text-xl font-semibold text-slate-950">
        {number}. {title}
      </h2>
      <div className="mt-3 grid gap-3 text-slate-700 [&_li]:ml-5 [&_li]:list-disc [&_ul]:grid [&_ul]:gap-1.5">
        {children}
      </div>
    </section>
  )
}

/**
 * Privacy Policy & Data Processing (spec §2 Privacy page), written to match what Adrelay stores.
 * The retention periods come from the server's settings in force, never copy.
 */
export default function Privacy({
  contactEmail,
  retention,
  leadRetentionDays,
}: {
  contactEmail: string
  retention: PrivacyRetention
  leadRetentionDays: number
}) {
  const mailto = `mailto:${contactEmail}`
  const days = (count: number) => `${count} day${count === 1 ? '' : 's'}`
  return (
    <div className="min-h-screen bg-slate-50">
      <Head title="Privacy Policy & Data Processing" />
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-4xl items-center justify-between px-4 sm:px-6">
          <a
            href="/"
            className="rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
          >
            <Logo beta />
          </a>
          <a
            href="/"
            className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-700 hover:text-slate-950"
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            Home
          </a>
        </div>
      </header>

      <main className="mx-auto max-w-4xl px-4 py-10 sm:px-6 sm:py-14">
        <div className="mb-10">
          <h1 className="text-3xl font-bold tracking-tight text-slate-950 sm:text-4xl">
            Privacy Policy & Data Processing
          </h1>
          <p className="mt-2 text-sm text-slate-600">Last updated: {LAST_UPDATED}</p>
        </div>

        <article className="grid gap-10 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10">
          <Section number={1} title="Introduction">
            <p>
              Adrelay ("we", "us") provides API keys, usage dashboards, a Meta Ads connection and an
              MCP server for automating ad campaigns. This policy explains which personal data we
              store when you use Adrelay, why, for how long, and the choices you have. It describes
              the service as it works today, during the beta.
            </p>
          </Section>

          <Section number={2} title="Information We Collect">
            <ul>
              <li>
                <strong>Account data</strong> from your Google sign-in: email address, first and
                last name, profile picture URL and your Google account identifier, plus your role
                and the date you joined.
              </li>
              <li>
                <strong>API keys</strong>: we store only a one-way hash of each key and a short
                masked form for display. The full key is shown to you once and never stored.
              </li>
              <li>
                <strong>API call logs</strong>: for every call made with your keys we record the
                method, endpoint, status code, response time, the key used and the time of the call,
                plus monthly request counters for your quota. We do not log request bodies, and we
                do not log IP addresses with API calls.
              </li>
              <li>
                <strong>CLI sessions</strong> (only if you sign in with the adrelay CLI): each CLI
                token is stored as a hash with the device name you gave, its dates and its{' '}
                {days(retention.cliTokenDays)} expiry; each sign-in request keeps the device name
                and the IP address it came from.
              </li>
              <li>
                <strong>Meta connection</strong> (only if you connect it): your Meta user ID,
                account name, granted permissions, token expiry and the Meta access token, which is
                encrypted at rest.
              </li>
              <li>
                <strong>Billing data</strong>: your plan, subscription status and dates, invitation
                codes you redeemed, and your Stripe customer identifier. Card details are entered
                into Stripe's form and held by Stripe; we never see or store card numbers.
              </li>
              <li>
                <strong>Session data</strong>: a session cookie and a CSRF-protection cookie that
                keep you signed in and protect your forms, and for each signed-in browser a{' '}
                <strong>server-side session row</strong> (in our database or cache) holding your
                user ID and the form-protection secret. We use no advertising trackers and no
                third-party analytics.
              </li>
              <li>
                <strong>Rate-limit counters</strong>: short-lived counters of attempts (sign-in,
                invitation codes, key creation, data exports), keyed by your account or, before you
                sign in, by your IP address. Each expires at the end of its window (at most one
                hour).
              </li>
              <li>
                <strong>Automated rules</strong> (only if you create them): each rule's name,
                conditions, schedule and actions (webhook addresses encrypted at rest), and the
                history of its runs: the ad objects it checked, their metrics, what it did or
                proposed, and your approvals or rejections.
              </li>
              <li>
                <strong>Embed sessions</strong> (only if you create them): the widgets chosen, the
                API key and ad accounts they show, the websites allowed to embed them, and their
                dates. The embed secret is stored only as a hash.
              </li>
              <li>
                <strong>Alert preferences</strong>: the alerts and channels you chose, your time
                zone, quiet hours, daily digest hour and spend threshold.
              </li>
              <li>
                <strong>Admin audit log</strong>: when an administrator acts on your account
                (suspension, role change, export of your data, deletion) we record the action, the
                administrator, your user ID and email, and the time.
              </li>
            </ul>
          </Section>

          <Section number={3} title="How We Use Your Information">
            <ul>
              <li>To sign you in and keep your account secure.</li>
              <li>
                To authenticate API calls, count them against your monthly quota and show your
                usage.
              </li>
              <li>
                To call the Meta Marketing API on your behalf when you or your tools request it.
              </li>
              <li>To run your subscription and send billing-related messages through Stripe.</li>
              <li>To answer your support and privacy requests.</li>
            </ul>
            <p>We do not sell your data and we do not use it for advertising.</p>
          </Section>

          <Section number={4} title="Information Sharing">
            <p>We share data only with the services needed to run Adrelay:</p>
            <ul>
              <li>Google, to sign you in.</li>
              <li>Meta, when you connect your ads account and make calls through Adrelay.</li>
              <li>Stripe, to process payments and manage subscriptions.</li>
              <li>Our hosting provider, which stores the database on our behalf.</li>
            </ul>
            <p>We may also disclose data when the law requires it.</p>
          </Section>

          <Section number={5} title="Data Retention and Deletion">
            <ul>
              <li>
                Account data is kept while your account exists. "Delete my account" on the profile
                page deletes it, as described below.
              </li>
              <li>
                API call logs are kept for {days(retention.callLogDays)}, then deleted. Hourly,
                daily and monthly usage totals derived from them (call counts per key and endpoint,
                status classes and response-time ranges; no individual calls) are kept for{' '}
                {days(retention.callRollupDays)} (a month's totals until the whole month is that
                old), then deleted. Monthly request counters are kept with your account.
              </li>
              <li>
                Sessions expire after about {days(retention.sessionInactivityDays)} of inactivity,
                and their server-side rows with them. "Revoke All Sessions" on the profile page ends
                them at once.
              </li>
              <li>
                CLI tokens expire {days(retention.cliTokenDays)} after sign-in; you can end a CLI
                session earlier on the profile page.
              </li>
              <li>
                Your Meta access token is kept until you disconnect your Meta account or delete your
                Adrelay account.
              </li>
              <li>
                Revoked API keys stop working immediately; their hash and masked form stay in your
                account history until you delete your account.
              </li>
              <li>
                Admin audit log entries are kept for {days(retention.auditLogDays)}, then deleted.
              </li>
              <li>
                <strong>Deleting your account</strong> cancels your Stripe subscription, revokes
                Adrelay's access at Meta and deletes your Meta token, and deletes your account, API
                keys, CLI sessions, call logs, counters and sessions at once. Admin audit log
                entries about you are kept until their retention ends, but your user ID and email in
                them are replaced by a random pseudonym.
              </li>
              <li>
                Stripe keeps payment records for the periods that tax and accounting law requires.
              </li>
              <li>
                Leads from Meta Lead Ads (Agency plan) are stored with the answers encrypted and
                deleted {leadRetentionDays} days after they arrive, with their forwarding delivery
                log; alert webhooks, lead forwarding destinations and their signing secrets are
                stored encrypted until you delete them.
              </li>
              <li>
                Automated rules and their run history, embed sessions and alert preferences are kept
                until you delete them (deleting a rule deletes its runs) or your account.
              </li>
              <li>
                Notifications and their delivery log are kept with your account; alert emails and
                webhook calls contain the alert text only, never lead answers. Lead answers leave
                Adrelay only to the lead forwarding destinations you add yourself.
              </li>
            </ul>
          </Section>

          <Section number={6} title="Data Security">
            <p>
              All traffic is served over HTTPS. API keys are stored only as hashes, Meta access
              tokens are encrypted at rest, session cookies are HTTP-only, and forms are protected
              against cross-site request forgery. No system is perfectly secure; we will tell you
              without undue delay if a breach affects your data.
            </p>
          </Section>

          <Section number={7} title="Your Rights">
            <p>
              You can ask us to access, correct, export or delete your personal data, or object to a
              use of it. On your profile page, "Download my data" gives you a JSON file of
              everything we hold about you, and "Delete my account" deletes it. For anything else,
              write to us at the address below; we answer privacy requests within 48 hours. You can
              revoke API keys and disconnect Meta yourself at any time.
            </p>
          </Section>

          <Section number={8} title="Third-Party Services">
            <p>
              Google, Meta and Stripe process data under their own privacy policies. Stripe's
              payment form, loaded on the subscription page, may set its own cookies to prevent
              fraud.
            </p>
          </Section>

          <Section number={9} title="Children's Privacy">
            <p>
              Adrelay is not directed at children under 13, and we do not knowingly collect their
              data. If you believe a child has given us personal data, contact us and we will delete
              it.
            </p>
          </Section>

          <Section number={10} title="International Data Transfers">
            <p>
              Our service providers may process data outside your country. When they do, we rely on
              their contractual safeguards, such as standard contractual clauses, to protect it.
            </p>
          </Section>

          <Section number={11} title="Changes to This Policy">
            <p>
              When we change how we handle data we update this page and its "last updated" date; for
              significant changes we also tell signed-in users.
            </p>
          </Section>

          <Section number={12} title="Contact Us">
            <p>
              Questions or requests about your data:{' '}
              <a href={mailto} className="font-medium text-indigo-700 underline underline-offset-2">
                {contactEmail}
              </a>
              . We reply within 48 hours.
            </p>
          </Section>
        </article>

        <section
          aria-labelledby="privacy-summary"
          className="mt-10 rounded-2xl border border-indigo-200 bg-indigo-50 p-6 sm:p-8"
        >
          <div className="flex items-center gap-2">
            <ShieldCheck className="size-5 text-indigo-700" aria-hidden="true" />
            <h2 id="privacy-summary" className="text-lg font-semibold text-indigo-950">
              Summary
            </h2>
          </div>
          <ul className="mt-4 grid gap-2 text-sm text-indigo-950 sm:grid-cols-2 [&_li]:ml-5 [&_li]:list-disc">
            <li>
              We store your account, your API call logs ({days(retention.callLogDays)}) and, if you
              connect it, an encrypted Meta token.
            </li>
            <li>API keys are stored only as hashes; card data stays with Stripe.</li>
            <li>
              Sessions expire after about {days(retention.sessionInactivityDays)} of inactivity.
            </li>
            <li>Download your data or delete your account from your profile page at any time.</li>
            <li>No advertising trackers, no selling of data. Requests answered within 48 hours.</li>
          </ul>
        </section>

        <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
          <Button asChild variant="outline">
            <a href="/">
              <ArrowLeft aria-hidden="true" />
              Back to Home
            </a>
          </Button>
          <Button asChild>
            <a href={mailto}>
              <Mail aria-hidden="true" />
              Contact Privacy Team
            </a>
          </Button>
        </div>
      </main>
    </div>
  )
}
