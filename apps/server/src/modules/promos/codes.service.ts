/**
 * The admins' promo codes (docs/promos.md): create, list with their uses, deactivate and reactivate.
 * Who may: `promo:manage` (super_admin; finance admins see the ledger's promotions account, they do not
 * run marketing).
 */
import { can, PROMO_FORM_MESSAGES, type CreatePromoCodeRequest, type PromoCodeDto, type SessionUser } from '@khedma/shared';
import { AppError, forbidden, notFound } from '../../http/errors';
import type { PromoRow, PromosRepository } from './promos.repository';

type CreateInput = Omit<CreatePromoCodeRequest, 'firstBookingOnly'> & { firstBookingOnly: boolean };

export class PromoCodesService {
  constructor(private readonly repo: PromosRepository) {}

  private require(user: SessionUser) {
    if (!can(user, 'promo:manage')) throw forbidden();
  }

  async list(user: SessionUser): Promise<PromoCodeDto[]> {
    this.require(user);
    return (await this.repo.list()).map(toDto);
  }

  async create(user: SessionUser, input: CreateInput): Promise<PromoCodeDto> {
    this.require(user);
    const created = await this.repo.create({
      code: input.code,
      kind: input.kind,
      value: input.value,
      maxDiscount: input.maxDiscount ?? null,
      startsAt: input.startsAt ? new Date(input.startsAt) : null,
      endsAt: input.endsAt ? new Date(input.endsAt) : null,
      firstBookingOnly: input.firstBookingOnly,
      cityId: input.cityId ?? null,
      category: input.category ?? null,
      maxUses: input.maxUses ?? null,
      maxUsesPerCustomer: input.maxUsesPerCustomer ?? null,
      createdBy: user.id,
    });
    if (!created) throw new AppError('PROMO_CODE_EXISTS', PROMO_FORM_MESSAGES.duplicate, { code: PROMO_FORM_MESSAGES.duplicate });
    return toDto({ ...created, uses: 0 });
  }

  async setActive(user: SessionUser, id: string, active: boolean): Promise<PromoCodeDto> {
    this.require(user);
    const row = await this.repo.setActive(id, active);
    if (!row) throw notFound(PROMO_FORM_MESSAGES.notFound);
    const uses = await this.repo.uses(row.id, '');
    return toDto({ ...row, uses: uses.total });
  }
}

function toDto(p: PromoRow & { uses: number }): PromoCodeDto {
  return {
    id: p.id,
    code: p.code,
    kind: p.kind,
    value: p.value,
    maxDiscount: p.maxDiscount,
    startsAt: p.startsAt?.toISOString() ?? null,
    endsAt: p.endsAt?.toISOString() ?? null,
    firstBookingOnly: p.firstBookingOnly,
    cityId: p.cityId,
    category: p.category,
    maxUses: p.maxUses,
    maxUsesPerCustomer: p.maxUsesPerCustomer,
    active: p.active,
    uses: p.uses,
    createdAt: p.createdAt.toISOString(),
  };
}
