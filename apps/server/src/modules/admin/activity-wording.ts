/**
 * Recent activity as sentences a person reads, not log codes such as 'update settings settings
 * #security'. One rule per admin action; anything new falls back to a readable form.
 */
export type AdminLogEntry = {
  admin: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  details?: Record<string, unknown> | null;
};

const SETTINGS_SECTIONS: Record<string, string> = {
  general: 'general',
  payment: 'payment',
  email: 'e-mail',
  security: 'security',
  features: 'feature',
  maintenance: 'maintenance',
};
const USER_TYPES: Record<string, string> = { consumer: 'a consumer', producer: 'a producer', admin: 'an admin' };

const target = (kind: string, id: string | null) => (id ? `${kind} #${id}` : `a ${kind}`);

type Rule = (entry: AdminLogEntry) => string;
const RULES: Record<string, Rule> = {
  update_settings: (e) => `changed the ${SETTINGS_SECTIONS[e.targetId ?? ''] ?? e.targetId ?? ''} settings`.replace('  ', ' '),
  suspend_user: (e) => `suspended ${target('user', e.targetId)}`,
  activate_user: (e) => `reactivated ${target('user', e.targetId)}`,
  delete_user: (e) => `deleted ${target('user', e.targetId)}`,
  change_user_type: (e) => {
    const to = USER_TYPES[String(e.details?.to ?? '')];
    return to ? `made ${target('user', e.targetId)} ${to}` : `changed the account type of ${target('user', e.targetId)}`;
  },
  grant_subscription: (e) => `granted a subscription to ${target('user', e.targetId)}`,
  approve_producer: (e) => `approved ${target('producer', e.targetId)}`,
  reject_producer: (e) => `rejected the application of ${target('producer', e.targetId)}`,
  request_more_info_producer: (e) => `asked ${target('producer', e.targetId)} for more information`,
  reopen_producer: (e) => `reopened the application of ${target('producer', e.targetId)}`,
  resubmit_producer: (e) => `resubmitted the application of ${target('producer', e.targetId)}`,
  approve_certification: (e) => `approved ${target('certification', e.targetId)}`,
  reject_certification: (e) => `rejected ${target('certification', e.targetId)}`,
  bulk_approve_certification: (e) => `approved ${target('certification', e.targetId)} in bulk`,
  bulk_reject_certification: (e) => `rejected ${target('certification', e.targetId)} in bulk`,
  remove_product: (e) => `removed ${target('product', e.targetId)}`,
  restore_product: (e) => `restored ${target('product', e.targetId)}`,
  approve_review: (e) => `approved ${target('review', e.targetId)}`,
  reject_review: (e) => `rejected ${target('review', e.targetId)}`,
  backup: () => 'started a database backup',
  clear_cache: () => 'cleared the caches',
};

export function describeAdminAction(entry: AdminLogEntry): string {
  const who = entry.admin ?? 'An admin';
  const rule = RULES[entry.action];
  if (rule) return `${who} ${rule(entry)}`;
  // Unknown (newer) actions: 'do_thing' on 'widget' #3 → 'do thing widget #3', never a raw code.
  const verb = entry.action.replace(/_/g, ' ');
  return `${who}: ${verb} ${target(entry.targetType.replace(/_/g, ' '), entry.targetId)}`;
}

const SIGNUP: Record<string, string> = {
  consumer: 'A new shopper signed up',
  producer: 'A new producer signed up',
  admin: 'A new admin account was created',
};
export const describeSignup = (userType: string) => SIGNUP[userType] ?? 'A new user signed up';
