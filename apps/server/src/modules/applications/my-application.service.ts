import type { MyApplication, SessionUser } from '@khedma/shared';
import type { ApplicationsRepository } from './applications.repository';

/** The status card of /become-pro: the user's latest application (docs/professionals.md: by created_at), or none. */
export class MyApplicationService {
  constructor(private readonly repo: ApplicationsRepository) {}

  latest(user: SessionUser): Promise<MyApplication | null> {
    return this.repo.latest(user.id);
  }
}
