import { cva } from 'class-variance-authority'

/** Badge classes (see button_variants.ts for why they live apart). */
export const badgeVariants = cva(
  'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap',
  {
    variants: {
      variant: {
        default: 'border-transparent bg-indigo-600 text-white',
        secondary: 'border-transparent bg-slate-100 text-slate-800',
        outline: 'border-slate-300 text-slate-700',
        success: 'border-transparent bg-emerald-100 text-emerald-800',
        warning: 'border-transparent bg-amber-100 text-amber-900',
        destructive: 'border-transparent bg-red-100 text-red-800',
        pro: 'border-transparent bg-gradient-to-r from-amber-400 to-orange-500 text-slate-950',
      },
    },
    defaultVariants: { variant: 'default' },
  }
)
