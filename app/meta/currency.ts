/**
 * The Meta module's currency rule for other modules: how many decimals Meta's minor units of
 * a currency have (USD 2, JPY 0), so a module can tell whether one amount means the same in
 * two ad accounts (the rules refuse amounts across currencies whose decimals differ). The
 * implementation stays in the module's services (`#meta/services/currency`).
 */
export { currencyExponent } from '#meta/services/currency'
