import type { ComponentPropsWithoutRef } from 'react'
import { Tabs as TabsPrimitive } from 'radix-ui'
import { cn } from '~/lib/utils'

export const Tabs = TabsPrimitive.Root

/**
 * The tab strip. Below `sm` it takes the full width and shares it equally between the tabs
 * (labels wrap, icons hide) so every tab stays visible at 375 px; from `sm` up it hugs its
 * tabs and scrolls inside itself if they ever outgrow the page.
 */
export function TabsList({
  className,
  ...props
}: ComponentPropsWithoutRef<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cn(
        'flex min-h-10 w-full items-stretch gap-1 rounded-lg bg-slate-100 p-1 text-slate-700 sm:inline-flex sm:w-auto sm:max-w-full sm:overflow-x-auto',
        className
      )}
      {...props}
    />
  )
}

export function TabsTrigger({
  className,
  ...props
}: ComponentPropsWithoutRef<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        'inline-flex min-w-0 flex-1 items-center justify-center gap-1.5 rounded-md px-2 py-1.5 text-center text-sm leading-tight font-medium sm:flex-none sm:px-3 sm:whitespace-nowrap [&_svg]:hidden sm:[&_svg]:block transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 data-[state=active]:bg-white data-[state=active]:text-slate-950 data-[state=active]:shadow-sm',
        className
      )}
      {...props}
    />
  )
}

export function TabsContent({
  className,
  ...props
}: ComponentPropsWithoutRef<typeof TabsPrimitive.Content>) {
  return (
    <TabsPrimitive.Content
      className={cn(
        'mt-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500',
        className
      )}
      {...props}
    />
  )
}
