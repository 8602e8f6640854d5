import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { randomBytes } from 'node:crypto'
import type { AddressInfo } from 'node:net'

/**
 * A Stripe API stand-in on loopback for the endpoints Adrelay uses, reached by the real
 * `stripe` SDK through its host/port/protocol options. It reads form-encoded bodies with
 * bracket notation (`items[0][price]=...`) as the SDK sends them, answers JSON shaped like
 * Stripe's objects and errors (`{error: {type, code, message}}`), replays responses for a
 * repeated Idempotency-Key, and records every request.
 *
 * Test controls (not part of Stripe's API) move time on: confirm a SetupIntent, pay the first
 * invoice, end a period (applying a schedule phase, a cancel at period end or a trial end),
 * fail payments, or make a subscription disappear.
 */

type Json = Record<string, any>

export interface RecordedRequest {
  method: string
  path: string
  body: Json
  idempotencyKey: string | null
}

const DAY = 86_400
const MONTH = 30 * DAY

/** Parses `a[b][0][c]=v&...` (form body or query string) into nested objects/arrays. */
export function parseStripeForm(text: string): Json {
  const root: Json = {}
  for (const pair of text.split('&')) {
    if (!pair) continue
    const [rawKey, rawValue = ''] = pair.split('=')
    const key = decodeURIComponent(rawKey.replace(/\+/g, ' '))
    const value = decodeURIComponent(rawValue.replace(/\+/g, ' '))
    const segments = key.match(/^[^[]+|\[[^\]]*\]/g)!.map((s) => s.replace(/^\[|\]$/g, ''))
    let node: any = root
    segments.forEach((segment, index) => {
      const last = index === segments.length - 1
      const nextIsIndex = !last && /^\d*$/.test(segments[index + 1])
      if (Array.isArray(node)) {
        const position = segment === '' ? node.length : Number(segment)
        if (last) node[position] = value
        else node = node[position] ??= nextIsIndex ? [] : {}
      } else if (last) {
        node[segment] = value
      } else {
        node = node[segment] ??= nextIsIndex ? [] : {}
      }
    })
  }
  return root
}

function stripeError(status: number, type: string, message: string, extra: Json = {}) {
  return { status, body: { error: { type, message, ...extra } } }
}

function missing(kind: string, id: string) {
  return stripeError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, {
    code: 'resource_missing',
    param: 'id',
  })
}

export class StripeStandIn {
  #server: Server | null = null
  port = 0
  /** Seconds added to the real clock (test control). */
  clockOffsetSeconds = 0
  /** When true, any charge above zero is declined with a card_error (402). */
  declineCharges = false

  customers = new Map<string, Json>()
  products = new Map<string, Json>()
  prices = new Map<string, Json>()
  subscriptions = new Map<string, Json>()
  schedules = new Map<string, Json>()
  setupIntents = new Map<string, Json>()
  paymentIntents = new Map<string, Json>()
  invoices = new Map<string, Json>()
  requests: RecordedRequest[] = []
  #idempotent = new Map<string, { status: number; body: Json }>()

  now(): number {
    return Math.floor(Date.now() / 1000) + this.clockOffsetSeconds
  }

  async start(): Promise<void> {
    this.#server = createServer((req, res) => void this.#handle(req, res))
    await new Promise<void>((resolve) => this.#server!.listen(0, '127.0.0.1', resolve))
    this.port = (this.#server.address() as AddressInfo).port
  }

  async stop(): Promise<void> {
    if (!this.#server) return
    this.#server.closeAllConnections()
    await new Promise<void>((resolve) => this.#server!.close(() => resolve()))
    this.#server = null
  }

  /** Requests seen for `method path` (path without query). */
  requestsTo(method: string, path: string | RegExp) {
    return this.requests.filter(
      (request) =>
        request.method === method &&
        (typeof path === 'string' ? request.path === path : path.test(request.path))
    )
  }

  // ---------------------------------------------------------------- HTTP

  async #handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const url = new URL(req.url ?? '/', 'http://stand-in')
    const method = req.method ?? 'GET'
    const body =
      method === 'GET' || method === 'DELETE'
        ? parseStripeForm(url.search.slice(1))
        : parseStripeForm(Buffer.concat(chunks).toString('utf8'))
    const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? null
    this.requests.push({ method, path: url.pathname, body, idempotencyKey })

    let result: { status: number; body: Json }
    if (!String(req.headers.authorization ?? '').startsWith('Bearer sk_test_')) {
      result = stripeError(401, 'invalid_request_error', 'Invalid API Key provided')
    } else if (method === 'POST' && idempotencyKey && this.#idempotent.has(idempotencyKey)) {
      result = this.#idempotent.get(idempotencyKey)!
    } else {
      try {
        result = this.#route(method, url.pathname, body)
      } catch (error) {
        result = stripeError(500, 'api_error', (error as Error).message)
      }
      if (method === 'POST' && idempotencyKey && result.status < 500)
        this.#idempotent.set(idempotencyKey, result)
    }
    res.writeHead(result.status, {
      'content-type': 'application/json',
      'request-id': `req_${randomBytes(6).toString('hex')}`,
    })
    res.end(JSON.stringify(result.body))
  }

  #route(method: string, path: string, body: Json): { status: number; body: Json } {
    const ok = (value: Json) => ({ status: 200, body: value })
    let match: RegExpMatchArray | null
    const expand: string[] = Array.isArray(body.expand) ? body.expand : []

    if (method === 'POST' && path === '/v1/customers') return ok(this.#createCustomer(body))
    if ((match = path.match(/^\/v1\/customers\/([^/]+)$/)) && method === 'GET') {
      const customer = this.customers.get(match[1])
      return customer ? ok(customer) : missing('customer', match[1])
    }

    if (method === 'POST' && path === '/v1/products') {
      const id = body.id ?? this.#id('prod')
      if (this.products.has(id)) {
        return stripeError(400, 'invalid_request_error', `Product already exists.`, {
          code: 'resource_already_exists',
        })
      }
      const product = {
        id,
        object: 'product',
        active: true,
        name: body.name,
        metadata: body.metadata ?? {},
        created: this.now(),
      }
      this.products.set(id, product)
      return ok(product)
    }
    if ((match = path.match(/^\/v1\/products\/([^/]+)$/))) {
      const product = this.products.get(match[1])
      if (!product) return missing('product', match[1])
      if (method === 'POST') {
        if (body.name !== undefined) product.name = body.name
        if (body.active !== undefined) product.active = body.active === 'true'
      }
      return ok(product)
    }

    if (method === 'GET' && path === '/v1/prices') {
      const keys: string[] = Array.isArray(body.lookup_keys) ? body.lookup_keys : []
      const data = [...this.prices.values()].filter(
        (price) =>
          (keys.length === 0 || keys.includes(price.lookup_key)) &&
          (body.active === undefined || String(price.active) === body.active)
      )
      return ok({ object: 'list', data, has_more: false, url: '/v1/prices' })
    }
    if (method === 'POST' && path === '/v1/prices') {
      if (!this.products.has(body.product)) return missing('product', body.product)
      if (body.lookup_key) {
        const holder = [...this.prices.values()].find(
          (price) => price.lookup_key === body.lookup_key
        )
        if (holder && body.transfer_lookup_key !== 'true') {
          return stripeError(
            400,
            'invalid_request_error',
            'A price with this lookup key already exists.'
          )
        }
        if (holder) holder.lookup_key = null
      }
      const price = {
        id: this.#id('price'),
        object: 'price',
        active: true,
        currency: body.currency,
        unit_amount: Number(body.unit_amount),
        recurring: { interval: body.recurring?.interval ?? 'month', interval_count: 1 },
        lookup_key: body.lookup_key ?? null,
        product: body.product,
        metadata: body.metadata ?? {},
        type: 'recurring',
        created: this.now(),
      }
      this.prices.set(price.id, price)
      return ok(price)
    }

    if (method === 'POST' && path === '/v1/subscriptions')
      return this.#createSubscription(body, expand)
    if ((match = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const subscription = this.subscriptions.get(match[1])
      if (!subscription) return missing('subscription', match[1])
      if (method === 'GET') return ok(this.#renderSubscription(subscription, expand))
      if (method === 'DELETE') {
        if (subscription.status === 'canceled') {
          return stripeError(400, 'invalid_request_error', 'This subscription is already canceled.')
        }
        this.#cancel(subscription)
        return ok(this.#renderSubscription(subscription, expand))
      }
      if (method === 'POST') return this.#updateSubscription(subscription, body, expand)
    }

    if (method === 'POST' && path === '/v1/subscription_schedules') {
      const subscription = this.subscriptions.get(body.from_subscription)
      if (!subscription) return missing('subscription', body.from_subscription)
      if (subscription.schedule) {
        return stripeError(
          400,
          'invalid_request_error',
          'The subscription is already attached to a schedule.'
        )
      }
      const item = subscription.items[0]
      const schedule = {
        id: this.#id('sub_sched'),
        object: 'subscription_schedule',
        customer: subscription.customer,
        subscription: subscription.id,
        status: 'active',
        end_behavior: 'release',
        released_at: null,
        phases: [
          {
            start_date: item.current_period_start,
            end_date: item.current_period_end,
            items: [{ price: item.price, quantity: item.quantity }],
            trial_end: subscription.trial_end,
            metadata: {},
          },
        ],
      }
      this.schedules.set(schedule.id, schedule)
      subscription.schedule = schedule.id
      return ok(this.#renderSchedule(schedule))
    }
    if ((match = path.match(/^\/v1\/subscription_schedules\/([^/]+)(\/release)?$/))) {
      const schedule = this.schedules.get(match[1])
      if (!schedule) return missing('subscription_schedule', match[1])
      if (method === 'GET') return ok(this.#renderSchedule(schedule))
      if (match[2]) {
        schedule.status = 'released'
        schedule.released_at = this.now()
        const subscription = this.subscriptions.get(schedule.subscription)
        if (subscription) subscription.schedule = null
        schedule.subscription = null
        return ok(this.#renderSchedule(schedule))
      }
      if (schedule.status !== 'active') {
        return stripeError(
          400,
          'invalid_request_error',
          `You cannot update a ${schedule.status} schedule.`
        )
      }
      if (body.end_behavior) schedule.end_behavior = body.end_behavior
      if (Array.isArray(body.phases)) {
        let cursor = 0
        schedule.phases = body.phases.map((phase: Json) => {
          const start = phase.start_date ? Number(phase.start_date) : cursor
          const end = phase.end_date
            ? Number(phase.end_date)
            : start + Number(phase.duration?.interval_count ?? 1) * MONTH
          cursor = end
          for (const entry of phase.items ?? []) {
            if (!this.prices.has(entry.price)) throw new Error(`No such price: ${entry.price}`)
          }
          return {
            start_date: start,
            end_date: end,
            items: (phase.items ?? []).map((entry: Json) => ({
              price: entry.price,
              quantity: Number(entry.quantity ?? 1),
            })),
            trial_end: phase.trial_end ? Number(phase.trial_end) : null,
            metadata: phase.metadata ?? {},
          }
        })
      }
      return ok(this.#renderSchedule(schedule))
    }

    if (method === 'POST' && path === '/v1/invoices/create_preview') {
      const subscription = this.subscriptions.get(body.subscription)
      if (!subscription) return missing('subscription', body.subscription)
      const details = body.subscription_details ?? {}
      const newPrice = this.prices.get(details.items?.[0]?.price)
      if (!newPrice) return missing('price', details.items?.[0]?.price)
      const prorationDate = details.proration_date ? Number(details.proration_date) : this.now()
      const amount = this.prorationAmount(subscription, newPrice, prorationDate)
      return ok(this.#invoice(subscription, amount, { preview: true, proration: true }))
    }

    if ((match = path.match(/^\/v1\/setup_intents\/([^/]+)$/)) && method === 'GET') {
      const intent = this.setupIntents.get(match[1])
      return intent ? ok(intent) : missing('setup_intent', match[1])
    }

    return stripeError(
      404,
      'invalid_request_error',
      `Unrecognized request URL (${method}: ${path}).`
    )
  }

  // ---------------------------------------------------------------- objects

  #id(prefix: string) {
    return `${prefix}_${randomBytes(8).toString('hex')}`
  }

  #createCustomer(body: Json) {
    const customer = {
      id: this.#id('cus'),
      object: 'customer',
      email: body.email ?? null,
      name: body.name ?? null,
      metadata: body.metadata ?? {},
      created: this.now(),
      invoice_settings: { default_payment_method: null },
    }
    this.customers.set(customer.id, customer)
    return customer
  }

  #createSubscription(body: Json, expand: string[]) {
    if (!this.customers.has(body.customer)) return missing('customer', body.customer)
    const price = this.prices.get(body.items?.[0]?.price)
    if (!price) return missing('price', body.items?.[0]?.price)
    const now = this.now()
    const trialDays = body.trial_period_days ? Number(body.trial_period_days) : 0
    const id = this.#id('sub')
    const subscription: Json = {
      id,
      object: 'subscription',
      customer: body.customer,
      status: 'active',
      currency: price.currency,
      created: now,
      start_date: now,
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      trial_start: null,
      trial_end: null,
      trial_settings: body.trial_settings ?? null,
      default_payment_method: null,
      pending_setup_intent: null,
      latest_invoice: null,
      schedule: null,
      metadata: body.metadata ?? {},
      payment_settings: body.payment_settings ?? null,
      items: [
        {
          id: this.#id('si'),
          price: price.id,
          quantity: Number(body.items[0].quantity ?? 1),
          current_period_start: now,
          current_period_end: now + (trialDays ? trialDays * DAY : MONTH),
        },
      ],
    }
    this.subscriptions.set(id, subscription)
    if (trialDays) {
      subscription.status = 'trialing'
      subscription.trial_start = now
      subscription.trial_end = now + trialDays * DAY
      const setupIntent = this.#setupIntent(subscription.customer)
      subscription.pending_setup_intent = setupIntent.id
      subscription.latest_invoice = this.#invoice(subscription, 0, { paid: true }).id
    } else {
      const invoice = this.#invoice(subscription, price.unit_amount, { paid: false })
      subscription.latest_invoice = invoice.id
      subscription.status = body.payment_behavior === 'default_incomplete' ? 'incomplete' : 'active'
    }
    return { status: 200, body: this.#renderSubscription(subscription, expand) }
  }

  #updateSubscription(subscription: Json, body: Json, expand: string[]) {
    if (body.cancel_at_period_end !== undefined) {
      subscription.cancel_at_period_end = body.cancel_at_period_end === 'true'
    }
    if (body.default_payment_method)
      subscription.default_payment_method = body.default_payment_method
    if (body.metadata) subscription.metadata = { ...subscription.metadata, ...body.metadata }
    const change = body.items?.[0]
    if (change?.price) {
      if (subscription.schedule) {
        return stripeError(
          400,
          'invalid_request_error',
          'The subscription is managed by a subscription schedule; update or release the schedule instead.'
        )
      }
      const item = subscription.items.find((candidate: Json) => candidate.id === change.id)
      if (!item)
        return stripeError(
          400,
          'invalid_request_error',
          `No such subscription item: '${change.id}'`
        )
      const price = this.prices.get(change.price)
      if (!price) return missing('price', change.price)
      const prorationDate = body.proration_date ? Number(body.proration_date) : this.now()
      if (prorationDate < item.current_period_start || prorationDate > item.current_period_end) {
        return stripeError(
          400,
          'invalid_request_error',
          'proration_date must be within the current period.',
          {
            param: 'proration_date',
          }
        )
      }
      const amount = this.prorationAmount(subscription, price, prorationDate)
      if (body.proration_behavior === 'always_invoice') {
        if (amount > 0 && this.declineCharges) {
          return stripeError(402, 'card_error', 'Your card was declined.', {
            code: 'card_declined',
            decline_code: 'generic_decline',
          })
        }
        const invoice = this.#invoice(subscription, amount, {
          paid: true,
          proration: true,
          prorationDate,
        })
        subscription.latest_invoice = invoice.id
      }
      item.price = price.id
      if (change.quantity) item.quantity = Number(change.quantity)
    }
    return { status: 200, body: this.#renderSubscription(subscription, expand) }
  }

  /** Stripe's proration: the price difference for the unused share of the period (0 during a trial). */
  prorationAmount(subscription: Json, newPrice: Json, prorationDate: number): number {
    if (subscription.status === 'trialing') return 0
    const item = subscription.items[0]
    const oldPrice = this.prices.get(item.price)!
    const total = item.current_period_end - item.current_period_start
    const remaining = Math.max(0, item.current_period_end - prorationDate)
    return Math.round(((newPrice.unit_amount - oldPrice.unit_amount) * remaining) / total)
  }

  #setupIntent(customer: string) {
    const id = this.#id('seti')
    const intent = {
      id,
      object: 'setup_intent',
      client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
      customer,
      status: 'requires_payment_method',
      payment_method: null as string | null,
      usage: 'off_session',
      created: this.now(),
    }
    this.setupIntents.set(id, intent)
    return intent
  }

  #invoice(
    subscription: Json,
    amount: number,
    options: { paid?: boolean; preview?: boolean; proration?: boolean; prorationDate?: number }
  ) {
    const id = options.preview ? `upcoming_in_${randomBytes(6).toString('hex')}` : this.#id('in')
    let paymentIntent: Json | null = null
    if (!options.paid && !options.preview && amount > 0) {
      const piId = this.#id('pi')
      paymentIntent = {
        id: piId,
        object: 'payment_intent',
        amount,
        currency: subscription.currency,
        status: 'requires_payment_method',
        client_secret: `${piId}_secret_${randomBytes(8).toString('hex')}`,
      }
      this.paymentIntents.set(piId, paymentIntent)
    }
    const item = subscription.items[0]
    const invoice = {
      id,
      object: 'invoice',
      customer: subscription.customer,
      currency: subscription.currency,
      amount_due: amount,
      amount_paid: options.paid ? amount : 0,
      amount_remaining: options.paid ? 0 : amount,
      total: amount,
      status: options.preview ? 'draft' : options.paid ? 'paid' : 'open',
      created: this.now(),
      period_start: item.current_period_start,
      period_end: item.current_period_end,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
      lines: {
        object: 'list',
        has_more: false,
        data: [
          {
            id: this.#id('il'),
            object: 'line_item',
            amount,
            currency: subscription.currency,
            description: options.proration
              ? 'Remaining time on the new plan, less unused time'
              : 'Subscription',
            parent: {
              type: 'subscription_item_details',
              subscription_item_details: {
                proration: Boolean(options.proration),
                subscription: subscription.id,
                subscription_item: item.id,
              },
            },
          },
        ],
      },
      confirmation_secret: paymentIntent
        ? { type: 'payment_intent', client_secret: paymentIntent.client_secret }
        : null,
      metadata: { proration_date: options.prorationDate ? String(options.prorationDate) : null },
    }
    if (!options.preview) this.invoices.set(id, invoice)
    return invoice
  }

  #cancel(subscription: Json) {
    subscription.status = 'canceled'
    subscription.canceled_at = this.now()
    subscription.ended_at = this.now()
    if (subscription.schedule) {
      const schedule = this.schedules.get(subscription.schedule)
      if (schedule) schedule.status = 'canceled'
    }
  }

  #renderSchedule(schedule: Json) {
    const now = this.now()
    const current =
      schedule.phases.find((phase: Json) => phase.start_date <= now && now < phase.end_date) ?? null
    return {
      ...schedule,
      current_phase:
        schedule.status === 'active' && current
          ? { start_date: current.start_date, end_date: current.end_date }
          : null,
      phases: schedule.phases.map((phase: Json) => ({
        ...phase,
        items: phase.items.map((entry: Json) => ({ ...entry, price: entry.price })),
      })),
    }
  }

  /** The subscription as Stripe renders it (`expand` paths replace ids with objects). */
  #renderSubscription(subscription: Json, expand: string[] = []) {
    const invoice = subscription.latest_invoice
      ? this.invoices.get(subscription.latest_invoice)
      : null
    const wantsInvoice = expand.some(
      (path) => path === 'latest_invoice' || path.startsWith('latest_invoice.')
    )
    const wantsSecret = expand.includes('latest_invoice.confirmation_secret')
    return {
      ...subscription,
      items: {
        object: 'list',
        has_more: false,
        url: `/v1/subscription_items?subscription=${subscription.id}`,
        data: subscription.items.map((item: Json) => ({
          object: 'subscription_item',
          subscription: subscription.id,
          ...item,
          price: this.prices.get(item.price),
        })),
      },
      pending_setup_intent:
        subscription.pending_setup_intent && expand.includes('pending_setup_intent')
          ? this.setupIntents.get(subscription.pending_setup_intent)
          : subscription.pending_setup_intent,
      latest_invoice:
        invoice && wantsInvoice
          ? {
              ...invoice,
              confirmation_secret: wantsSecret ? invoice.confirmation_secret : undefined,
            }
          : subscription.latest_invoice,
    }
  }

  /** The subscription as a webhook payload carries it (no expansions). */
  render(subscriptionId: string) {
    const subscription = this.subscriptions.get(subscriptionId)
    if (!subscription) throw new Error(`stand-in: no subscription ${subscriptionId}`)
    return this.#renderSubscription(subscription)
  }

  invoiceObject(invoiceId: string) {
    return this.invoices.get(invoiceId)!
  }

  // ---------------------------------------------------------------- test controls

  /** Stripe.js confirmed the subscription's SetupIntent with a card. */
  succeedSetupIntent(subscriptionId: string, paymentMethod = 'pm_card_visa') {
    const subscription = this.subscriptions.get(subscriptionId)!
    const intent = this.setupIntents.get(subscription.pending_setup_intent)!
    intent.status = 'succeeded'
    intent.payment_method = paymentMethod
  }

  /** Stripe.js confirmed the first invoice's PaymentIntent: the subscription becomes active. */
  payFirstInvoice(subscriptionId: string) {
    const subscription = this.subscriptions.get(subscriptionId)!
    const invoice = this.invoices.get(subscription.latest_invoice)!
    invoice.status = 'paid'
    invoice.amount_paid = invoice.amount_due
    invoice.amount_remaining = 0
    subscription.status = 'active'
    subscription.default_payment_method = subscription.default_payment_method ?? 'pm_card_visa'
    return invoice
  }

  /** A renewal charge failed: Stripe retries (Smart Retries) while the subscription is past_due. */
  failRenewal(subscriptionId: string) {
    const subscription = this.subscriptions.get(subscriptionId)!
    const price = this.prices.get(subscription.items[0].price)!
    const invoice = this.#invoice(subscription, price.unit_amount, { paid: false })
    subscription.latest_invoice = invoice.id
    subscription.status = 'past_due'
    return invoice
  }

  /** Retries exhausted: Stripe cancels the subscription (the default setting). */
  exhaustRetries(subscriptionId: string) {
    this.#cancel(this.subscriptions.get(subscriptionId)!)
  }

  /** Stripe expired an incomplete subscription after 23 hours. */
  expireIncomplete(subscriptionId: string) {
    const subscription = this.subscriptions.get(subscriptionId)!
    subscription.status = 'incomplete_expired'
    subscription.ended_at = this.now()
  }

  /** The subscription no longer exists in this account (e.g. a test-mode data reset). */
  forget(subscriptionId: string) {
    this.subscriptions.delete(subscriptionId)
  }

  /**
   * Moves the clock to the end of the subscription's current period and applies what Stripe
   * would: a cancel at period end, a trial ending (with or without a card), a schedule's next
   * phase (the new price; the schedule is released after its last phase), or a plain renewal.
   */
  endPeriod(subscriptionId: string) {
    const subscription = this.subscriptions.get(subscriptionId)!
    const item = subscription.items[0]
    const end = item.current_period_end
    this.clockOffsetSeconds += Math.max(0, end - this.now()) + 1
    if (subscription.cancel_at_period_end) {
      this.#cancel(subscription)
      return
    }
    if (subscription.status === 'trialing' && !subscription.default_payment_method) {
      this.#cancel(subscription)
      return
    }
    if (subscription.status === 'trialing') subscription.status = 'active'
    item.current_period_start = end
    item.current_period_end = end + MONTH
    const schedule = subscription.schedule ? this.schedules.get(subscription.schedule) : null
    if (schedule) {
      const next = schedule.phases.find((phase: Json) => phase.start_date >= end)
      if (next) {
        item.price = next.items[0].price
        item.current_period_end = next.end_date
      }
    }
    const price = this.prices.get(item.price)!
    subscription.latest_invoice = this.#invoice(subscription, price.unit_amount, { paid: true }).id
  }
}
