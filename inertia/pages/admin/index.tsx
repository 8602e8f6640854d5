import { useState, type ReactNode } from 'react'
import { Head } from '@inertiajs/react'
import AppShell, { PageHeader } from '~/layouts/app_shell'
import { ConfirmDialog } from '~/components/confirm_dialog'
import { AdminStatCards } from '~/components/admin/stat_cards'
import { UsersTable } from '~/components/admin/users_table'
import { UserDetailDialog } from '~/components/admin/user_detail_dialog'
import { InvitationCodesCard } from '~/components/admin/invitation_codes_card'
import { AuditLogCard } from '~/components/admin/audit_log_card'
import { AccessDeniedRedirect, SignInRedirect } from '~/components/page_redirect'
import { useSessionUser } from '~/hooks/use_session_user'
import { useAdminStats, useSetSuspension } from '~/hooks/use_admin'
import type { AdminUser } from '~/types'

/**
 * Admin Dashboard (spec §2 Admin, §6). Visitors follow the shared 401 rule; signed-in
 * non-admins get 'Access Denied' ('Admin access required.') and go to / after 500 ms. Every
 * figure comes from /api/admin/*, which the server refuses to non-admins.
 */
export default function AdminPage() {
  const user = useSessionUser()
  if (!user) return <SignInRedirect title="Admin Dashboard" />
  if (user.role !== 'admin') return <AccessDeniedRedirect title="Admin Dashboard" />
  return <AdminDashboard currentUserId={user.id} />
}

function AdminDashboard({ currentUserId }: { currentUserId: number }) {
  const stats = useAdminStats(true)
  const suspension = useSetSuspension()
  const [viewing, setViewing] = useState<AdminUser | null>(null)
  const [confirming, setConfirming] = useState<AdminUser | null>(null)
  const confirmingSuspended = Boolean(confirming?.suspendedAt)
  const confirmingName = confirming?.displayName ?? ''

  return (
    <>
      <Head title="Admin Dashboard" />
      <PageHeader
        title="Admin Dashboard"
        description="Platform overview, users, invitation codes and the audit log"
      />
      <div className="grid grid-cols-1 gap-6">
        <AdminStatCards stats={stats.data} failed={stats.isError} />
        <UsersTable
          currentUserId={currentUserId}
          onView={setViewing}
          onToggleSuspension={setConfirming}
        />
        <InvitationCodesCard />
        <AuditLogCard />
      </div>

      <UserDetailDialog
        user={viewing}
        currentUserId={currentUserId}
        onClose={() => setViewing(null)}
        onToggleSuspension={setConfirming}
      />
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={confirmingSuspended ? `Unsuspend ${confirmingName}?` : `Suspend ${confirmingName}?`}
        description={
          confirmingSuspended
            ? 'They will be able to sign in again and their API keys will work again.'
            : 'They will be signed out everywhere, will not be able to sign in, and their API keys will stop working. Nothing of theirs is deleted; you can unsuspend them at any time.'
        }
        confirmLabel={confirmingSuspended ? 'Unsuspend' : 'Suspend'}
        destructive={!confirmingSuspended}
        onConfirm={() => {
          if (confirming) suspension.mutate({ user: confirming, suspend: !confirmingSuspended })
          setConfirming(null)
        }}
      />
    </>
  )
}

AdminPage.layout = (page: ReactNode) => <AppShell>{page}</AppShell>
