/**
 * A stand-in for Stripe.js (https://js.stripe.com/<release>/stripe.js) served to the browser
 * through Playwright's request routing. It implements what @stripe/react-stripe-js and the
 * Subscription page use: `Stripe(pk)`, `elements({clientSecret})` with a mountable Payment
 * Element, `confirmSetup` and `confirmPayment` (`redirect: 'if_required'`: a card succeeds on
 * the page). A confirmation is reported to the test through a routed
 * `https://js.stripe.com/__stand_in__/confirm_{setup,payment}` request (body: client secret),
 * which the test turns into the Stripe stand-in's state change. `window.__stripeDecline = true`
 * makes the next confirmation fail with a card error, as Stripe.js reports it.
 */
export const FAKE_STRIPE_JS = String.raw`
(function () {
  function Stripe(publishableKey) {
    var calls = (window.__stripeCalls = window.__stripeCalls || [])
    calls.push({ call: 'Stripe', publishableKey: publishableKey })
    function confirm(kind, args) {
      calls.push({ call: kind, returnUrl: args.confirmParams && args.confirmParams.return_url, redirect: args.redirect })
      if (window.__stripeDecline) {
        window.__stripeDecline = false
        return Promise.resolve({ error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } })
      }
      var path = kind === 'confirmSetup' ? 'confirm_setup' : 'confirm_payment'
      return fetch('https://js.stripe.com/__stand_in__/' + path, { method: 'POST', body: args.elements.__clientSecret })
        .then(function () {
          return kind === 'confirmSetup'
            ? { setupIntent: { id: 'seti_fake', object: 'setup_intent', status: 'succeeded' } }
            : { paymentIntent: { id: 'pi_fake', object: 'payment_intent', status: 'succeeded' } }
        })
    }
    function noop() {}
    return {
      _registerWrapper: noop,
      registerAppInfo: noop,
      createToken: noop,
      createPaymentMethod: noop,
      confirmCardPayment: noop,
      elements: function (options) {
        calls.push({ call: 'elements', clientSecret: options && options.clientSecret })
        var elements = {
          __clientSecret: options && options.clientSecret,
          create: function (type) {
            var node = null
            var handlers = {}
            var element = {
              mount: function (target) {
                node = typeof target === 'string' ? document.querySelector(target) : target
                node.innerHTML =
                  '<div data-testid="fake-payment-element"><label>Card number <input name="cardnumber" value="4242 4242 4242 4242" /></label></div>'
                setTimeout(function () {
                  ;(handlers.ready || []).forEach(function (handler) { handler({ elementType: type }) })
                }, 0)
              },
              on: function (event, handler) { (handlers[event] = handlers[event] || []).push(handler); return element },
              off: function (event, handler) {
                handlers[event] = (handlers[event] || []).filter(function (h) { return h !== handler })
                return element
              },
              update: noop, focus: noop, blur: noop, clear: noop, collapse: noop, unmount: noop,
              destroy: function () { if (node) node.innerHTML = '' },
            }
            return element
          },
          getElement: function () { return null },
          update: noop,
          submit: function () { return Promise.resolve({}) },
          fetchUpdates: function () { return Promise.resolve({}) },
        }
        return elements
      },
      confirmSetup: function (args) { return confirm('confirmSetup', args) },
      confirmPayment: function (args) { return confirm('confirmPayment', args) },
    }
  }
  Stripe.version = 'endive'
  window.Stripe = Stripe
})()
`
