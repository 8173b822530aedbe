import { Module } from '@nestjs/common';
import { ReferenceController } from './reference.controller';
import { ZipCodesController } from './zip-codes.controller';

@Module({ controllers: [ReferenceController, ZipCodesController] })
export class ReferenceModule {}
