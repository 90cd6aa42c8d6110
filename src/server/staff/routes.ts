// The staff accounts' form handlers, framework-free: /painel/equipe and /painel/definir-senha run
// these. A refusal comes back as the page's status and the message in the panel's language.
import { SetPasswordFormSchema, StaffFormSchema, type StaffForm } from '#lib/contract/staff.ts';
import type { PanelLocale } from '#lib/i18n/panel.ts';
import type { AuditActor } from '../audit/index.ts';
import { DomainError } from '../errors/domain-error.ts';
import { toErrorMessages } from '../http/error-result.ts';
import { staffError } from './errors.ts';
import { getPanelTexts } from './http.ts';
import type { createStaffService } from './service.ts';

type StaffService = ReturnType<typeof createStaffService>;

/** What a form led to: a line for the page (with the one-time link once), and the page's status. */
export interface StaffNotice {
  ok: boolean;
  status: number;
  text: string;
  link?: string;
}

function toFields(form: FormData | null): Record<string, unknown> {
  return form ? Object.fromEntries(form.entries()) : {};
}

/** Runs `work`; a DomainError becomes the refusal's status and message. */
async function toNotice(locale: PanelLocale, work: () => Promise<Omit<StaffNotice, 'ok' | 'status'>>): Promise<StaffNotice> {
  try {
    return { ok: true, status: 200, ...(await work()) };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const { status, message } = toErrorMessages(error, locale);
    return { ok: false, status, text: message };
  }
}

/** POST /painel/equipe (admins): add an account (its one-time link shown once), disable or reset one. */
export function submitStaffForm(
  service: StaffService,
  actor: AuditActor,
  input: { form: FormData | null; origin: string; locale: PanelLocale },
): Promise<StaffNotice> {
  const t = getPanelTexts(input.locale);
  const linkOf = (token: string) => `${input.origin}/painel/definir-senha?token=${token}`;
  return toNotice(input.locale, async () => {
    const parsed = StaffFormSchema.safeParse(toFields(input.form));
    if (!parsed.success) throw staffError('not_found', 'notFound');
    const form: StaffForm = parsed.data;
    if (form.action === 'add') {
      const added = await service.addStaff(actor, { email: form.email, role: form.role, locale: input.locale });
      return { text: t('linkFor', { email: added.staff.email }), link: linkOf(added.token) };
    }
    const target = (await service.listStaff()).find((row) => row.id === form.id);
    if (!target) throw staffError('not_found', 'notFound');
    if (form.action === 'disable') {
      await service.disableStaff(actor, form.id);
      return { text: t('staffDisabled', { email: target.email }) };
    }
    return { text: t('linkFor', { email: target.email }), link: linkOf(await service.resetStaff(actor, form.id)) };
  });
}

/** POST /painel/definir-senha?token=: the password set once through the link; the page then offers the sign-in. */
export function submitSetPasswordForm(
  service: StaffService,
  input: { token: string | null; form: FormData | null; locale: PanelLocale },
): Promise<StaffNotice> {
  return toNotice(input.locale, async () => {
    const { password, confirm } = SetPasswordFormSchema.parse(toFields(input.form));
    if (password !== confirm) throw staffError('invalid', 'passwordsDiffer');
    await service.setPassword(input.token, password);
    return { text: getPanelTexts(input.locale)('passwordSaved') };
  });
}
