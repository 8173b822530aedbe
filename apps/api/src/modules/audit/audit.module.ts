import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module';
import { AuditController } from './audit.controller';
import { PracticeAuditRepository } from './practice-audit.repository';
import { PracticeAuditService } from './practice-audit.service';

/** The audit trail for people: the practice's trail, its export, an appointment's timeline. */
@Module({
  imports: [IdentityModule],
  controllers: [AuditController],
  providers: [PracticeAuditRepository, PracticeAuditService],
})
export class AuditModule {}
