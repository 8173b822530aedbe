/** When the wizard's payment stages apply (spec 1, section 5). */
export const MINIMUM_VISIT_FEE = 0.5;
export const SUPPORTED_GATEWAYS = ['stripe', 'fortis', 'globalpay', 'global-pay'] as const;

export interface PaymentSettings {
  readonly onlinePaymentEnabled: boolean;
  readonly gateway: string | null;
  readonly enableVisitFee: boolean;
  readonly visitAmount: number;
  readonly insuredVisitAmount: number;
  readonly enableCardOnFile: boolean;
  readonly hasPayPalAccount: boolean;
}

const supported = (gateway: string | null): boolean =>
  gateway !== null && (SUPPORTED_GATEWAYS as readonly string[]).includes(gateway.toLowerCase());

/** The amount due: the insured amount when insured, else the visit amount. */
export function visitFeeAmount(settings: PaymentSettings, insured: boolean): number {
  return insured ? settings.insuredVisitAmount : settings.visitAmount;
}

export function visitFeeApplies(settings: PaymentSettings, insured: boolean): boolean {
  return (
    settings.onlinePaymentEnabled &&
    supported(settings.gateway) &&
    settings.enableVisitFee &&
    visitFeeAmount(settings, insured) >= MINIMUM_VISIT_FEE
  );
}

export function cardOnFileApplies(settings: PaymentSettings, insured: boolean): boolean {
  return (
    settings.gateway?.toLowerCase() === 'stripe' &&
    settings.enableCardOnFile &&
    !visitFeeApplies(settings, insured)
  );
}

export function payPalApplies(settings: PaymentSettings): boolean {
  return settings.hasPayPalAccount && settings.enableVisitFee && settings.visitAmount > 0;
}
