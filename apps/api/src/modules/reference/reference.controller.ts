import type {
  CodedItem,
  InsurancePlanView,
  InsuranceView,
  NamedItem,
  ReferenceItem,
} from '@medbook/contracts';
import { Controller, Get, Param, ParseIntPipe } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { NotFoundError } from '../../domain/domain-error';
import { Public } from '../identity/auth/principal';
import {
  BOARD_CERTIFICATIONS,
  ETHNICITIES,
  HOSPITAL_AFFILIATIONS,
  INSURANCE_PLANS_BY_ID,
  INSURANCES,
  LANGUAGES,
  PROFESSIONAL_SUFFIXES,
  RACES,
} from './lists.data';
import { CONDITIONS, SPECIALTIES } from './specialties.data';
import { US_STATES } from './us-states.data';

/** The shared reference lists (spec 7, "Search and reference"); public, the same for everyone. */
@ApiTags('reference')
@Public()
@Controller()
export class ReferenceController {
  @Get('specialties')
  specialties(): readonly ReferenceItem[] {
    return SPECIALTIES;
  }

  @Get('conditions')
  conditions(): readonly ReferenceItem[] {
    return CONDITIONS;
  }

  @Get('insurances')
  insurances(): readonly InsuranceView[] {
    return INSURANCES;
  }

  @Get('insurances/:id/plans')
  plans(@Param('id', new ParseIntPipe()) id: number): readonly InsurancePlanView[] {
    const plans = INSURANCE_PLANS_BY_ID.get(id);
    if (!plans) throw new NotFoundError('This page cannot be reached.');
    return plans;
  }

  @Get('languages')
  languages(): readonly CodedItem[] {
    return LANGUAGES;
  }

  @Get('races')
  races(): readonly CodedItem[] {
    return RACES;
  }

  @Get('ethnicities')
  ethnicities(): readonly CodedItem[] {
    return ETHNICITIES;
  }

  @Get('states/all')
  states(): readonly CodedItem[] {
    return US_STATES;
  }

  @Get('board-certifications')
  boardCertifications(): readonly NamedItem[] {
    return BOARD_CERTIFICATIONS;
  }

  @Get('professional-suffixes')
  professionalSuffixes(): readonly NamedItem[] {
    return PROFESSIONAL_SUFFIXES;
  }

  @Get('hospital-affiliations')
  hospitalAffiliations(): readonly NamedItem[] {
    return HOSPITAL_AFFILIATIONS;
  }
}
