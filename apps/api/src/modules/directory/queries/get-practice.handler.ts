import type { PracticeView } from '@medbook/contracts';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { NotFoundError } from '../../../domain/domain-error';
import { GetPracticeQuery } from './get-practice.query';
import { PracticesRepository } from './practices.repository';

export const PRACTICE_NOT_FOUND = 'Practice not found.';

@QueryHandler(GetPracticeQuery)
export class GetPracticeHandler implements IQueryHandler<GetPracticeQuery> {
  constructor(private readonly practices: PracticesRepository) {}

  async execute({ practiceId }: GetPracticeQuery): Promise<PracticeView> {
    const practice = await this.practices.findById(practiceId);
    if (!practice) throw new NotFoundError(PRACTICE_NOT_FOUND);
    return practice;
  }
}
