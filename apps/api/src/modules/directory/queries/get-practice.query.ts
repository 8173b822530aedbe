import type { PracticeView } from '@medbook/contracts';
import { Query } from '@nestjs/cqrs';

export class GetPracticeQuery extends Query<PracticeView> {
  constructor(readonly practiceId: string) {
    super();
  }
}
